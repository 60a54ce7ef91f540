//xfail:barrier-divergence
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The classic "bounds check with an early return, then a barrier": in the last block, threads
// with i >= n return and never reach __syncthreads(), while the others wait at it. Barrier
// divergence whenever n is not a multiple of the block size.

__global__ void normalise(float *data, int n)
{
    __shared__ float tile[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;                                 // BUG: returns before the barrier
    tile[threadIdx.x] = data[i];
    __syncthreads();
    data[i] = tile[threadIdx.x] / tile[0];
}
