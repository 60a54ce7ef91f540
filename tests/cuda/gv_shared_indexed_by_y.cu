//xfail:data-race
//--blockDim=[16,8] --gridDim=1
// mapcheck: exact
// GPUVerify test-suite style: a shared array indexed by threadIdx.y only. The 16 threads of
// a row (same threadIdx.y, different threadIdx.x) all write s[threadIdx.y], each its own threadIdx.x: a
// write-write race of different values (storing threadIdx.y, the same value, it would be a
// benign race, which GPUVerify and mapcheck do not count without --strict).

__global__ void row_flags(int *out)
{
    __shared__ int s[8];
    s[threadIdx.y] = threadIdx.x;
    __syncthreads();
    out[threadIdx.y * blockDim.x + threadIdx.x] = s[threadIdx.y];
}
