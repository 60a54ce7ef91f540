//xfail:data-race
//--blockDim=64
// mapcheck: exact
// The twin of constexpr_is_constant_evaluated.cu where `stride()` is called in code that runs
// (not in a constant's initialiser): `__builtin_is_constant_evaluated()` is false there, so
// every thread writes s[t * 0] = s[0]: threads 0 and 1 race.

constexpr int stride() { return __builtin_is_constant_evaluated() ? 1 : 0; }

__global__ void mirror(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x * stride()] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
