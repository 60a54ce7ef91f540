//pass
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// oob_shift_write.cu with the store guarded: thread 31 no longer writes s[32]. Every index is
// within `s[32]` (threadIdx.x + 1 < 32 where the store runs, threadIdx.x < 32 for the read),
// stores are one per thread, reads come after the barrier: race free.

__global__ void shift_write(int *out)
{
    __shared__ int s[32];
    if (threadIdx.x + 1 < 32)
        s[threadIdx.x + 1] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
