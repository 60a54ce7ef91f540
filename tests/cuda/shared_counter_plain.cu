//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The per-block counter incremented with a plain `count++`: every active thread reads and
// writes the shared scalar in the same phase. Read-write and write-write races.

__global__ void count_in_range_racy(int n, int *out)
{
    __shared__ int count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    if (blockIdx.x * blockDim.x + threadIdx.x < n)
        count++;                            // BUG: not atomic
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = count;
}
