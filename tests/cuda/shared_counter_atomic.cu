//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// A per-block counter in a __shared__ scalar: thread 0 clears it, a barrier, every thread
// whose element is inside the array increments it atomically, a barrier, thread 0 publishes
// it to out[blockIdx.x]. The plain accesses (clear, final read) are in phases of their own:
// race free.

__global__ void count_in_range(int n, int *out)
{
    __shared__ int count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    if (blockIdx.x * blockDim.x + threadIdx.x < n)
        atomicAdd(&count, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = count;
}
