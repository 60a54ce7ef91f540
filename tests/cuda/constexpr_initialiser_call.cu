//pass
//--blockDim=64
// mapcheck: exact
// `constexpr` constants whose initialisers are not bare literals (a `constexpr` function's
// call, a conditional, `sizeof`) are compile-time constants, never memory: ST is 1, so thread
// t writes s[t] and, after the barrier, reads s[63 - t]: race free. (Read as `__constant__`
// memory, the replay chose ST = 0 and "confirmed" a write-write race on s[0].)

constexpr int unit() { return 1; }
constexpr int ST = true ? unit() : 0;
constexpr int WORDS = 4 / sizeof(int);

__global__ void mirror(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x * ST * WORDS] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
