//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: the barrier inside Sync's constructor is dropped with the constructor, so
// the divergent barrier (only threads t < 32 construct `s`) is not seen: `drf`, exit 0.

struct Sync {
    __device__ Sync() { __syncthreads(); }
};

__global__ void half_block_sync(int *A)
{
    if (threadIdx.x < 32) {
        Sync s;
    }
    A[threadIdx.x] = 1;
}
