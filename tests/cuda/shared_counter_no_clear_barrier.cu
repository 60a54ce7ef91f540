//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The per-block atomic counter without the barrier after the clear: thread 1 may
// atomicAdd(&count, 1) before or after thread 0's plain `count = 0`, in the same phase. An
// atomic and a plain write of one cell, unordered: a data race.

__global__ void count_in_range_noclear(int n, int *out)
{
    __shared__ int count;
    if (threadIdx.x == 0)
        count = 0;
    if (blockIdx.x * blockDim.x + threadIdx.x < n)
        atomicAdd(&count, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = count;
}
