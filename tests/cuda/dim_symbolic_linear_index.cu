//pass
//--gridDim=1
// mapcheck: exact
// No --blockDim: the block shape is symbolic in all three dimensions. The linear thread index
// (z * blockDim.y + y) * blockDim.x + x is injective for every shape, so each thread writes its
// own out cell: race free (CUDA caps a block at 1024 threads, so the index cannot wrap).

__global__ void copy_linear(const float *in, float *out)
{
    unsigned t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    out[t] = in[t];
}
