//xfail:data-race
//--blockDim=64
// mapcheck: exact
// The twin of constexpr_initialiser_call.cu whose constant is 0 (`zero()` is 64 / 128 in
// integers): every thread writes s[t * 0] = s[0] in one phase: threads 0 and 1 race.

constexpr int zero() { return 64 / 128; }
constexpr int ST = false ? 1 : zero();

__global__ void mirror(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x * ST] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
