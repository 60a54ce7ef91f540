//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A user's own `half` (a function) and `half2` (a struct): valid CUDA, since nvcc declares the
// half-precision types only in `cuda_fp16.h`, which this file does not include (probe round 7,
// f02/n02: mapcheck's implicit headers once declared them and clang refused the file).
// Threads 2k and 2k + 1 both write s[half(t)] = s[k], with different values: a write-write race.

constexpr int half(int t) { return t / 2; }

struct half2 {
    int a, b;
};

__global__ void k(int *out)
{
    __shared__ int s[32];
    half2 h = {(int)threadIdx.x, 1};
    s[half(h.a)] = h.a;
    __syncthreads();
    out[threadIdx.x] = s[half(h.a)] + h.b;
}
