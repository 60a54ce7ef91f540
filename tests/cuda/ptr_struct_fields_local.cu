//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Pointer fields of a local struct: `View v = {tile, 8}` keeps a pointer to the shared tile
// and its pitch; thread t writes v.data[(t / 8) * v.pitch + t % 8] = tile[t]; the reads of
// the transposed cell follow the barrier: race free.

struct View {
    float *data;
    int pitch;
};

__global__ void view_transpose(const float *in, float *out)
{
    __shared__ float tile[64];
    View v = {tile, 8};
    int t = threadIdx.x;
    v.data[(t / 8) * v.pitch + t % 8] = in[t];
    __syncthreads();
    out[t] = v.data[(t % 8) * v.pitch + t / 8];
}
