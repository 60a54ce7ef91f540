//pass
//--blockDim=[16,8] --gridDim=1
// mapcheck: exact
// GPUVerify test-suite style: the row flag is written only by the first thread of each row
// (threadIdx.x == 0), then a barrier, then every thread of the row reads it: race free.

__global__ void row_flags(int *out)
{
    __shared__ int s[8];
    if (threadIdx.x == 0)
        s[threadIdx.y] = threadIdx.y;
    __syncthreads();
    out[threadIdx.y * blockDim.x + threadIdx.x] = s[threadIdx.y];
}
