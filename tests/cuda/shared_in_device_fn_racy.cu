//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The helper's `__shared__` array is one per block, not per thread: without the barrier,
// thread 0 reads buf[63] while thread 63 writes it: a read-write race. (Taken as a thread-local
// array, it could never race.)

__device__ float reverse_in_block(float v)
{
    __shared__ float buf[64];
    buf[threadIdx.x] = v;
    return buf[63 - threadIdx.x];
}

__global__ void reverse_blocks_nosync(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid] = reverse_in_block(in[gid]);
}
