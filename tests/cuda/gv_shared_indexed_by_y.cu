//xfail:data-race
//--blockDim=[16,8] --gridDim=1
// mapcheck: exact
// GPUVerify test-suite style: a shared array indexed by threadIdx.y only. The 16 threads of
// a row (same threadIdx.y, different threadIdx.x) all write s[threadIdx.y]: a write-write race
// (even though they write the same value, Definition 1 counts it).

__global__ void row_flags(int *out)
{
    __shared__ int s[8];
    s[threadIdx.y] = threadIdx.y;
    __syncthreads();
    out[threadIdx.y * blockDim.x + threadIdx.x] = s[threadIdx.y];
}
