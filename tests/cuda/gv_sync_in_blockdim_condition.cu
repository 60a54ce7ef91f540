//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// GPUVerify test-suite style: barriers under conditions on blockDim.x, which is the same for
// every thread of the block, so all threads take the same branch and reach the same barriers.
// Each phase is a reversal through shared memory with a barrier between the write and the
// read: race free, no barrier divergence.

__global__ void uniform_barriers(float *A)
{
    __shared__ float s[128];
    unsigned tid = threadIdx.x;
    s[tid] = A[blockIdx.x * blockDim.x + tid];
    if (blockDim.x > 32) {
        __syncthreads();
        A[blockIdx.x * blockDim.x + tid] = s[blockDim.x - 1 - tid];
    } else {
        __syncthreads();
        A[blockIdx.x * blockDim.x + tid] = s[tid];
    }
    __syncthreads();
    if (blockDim.x >= 64) {
        s[tid] = 2 * tid;
        __syncthreads();
        A[blockIdx.x * blockDim.x + tid] += s[(tid + 1) % blockDim.x];
    }
}
