//pass
//--blockDim=64
// mapcheck: exact
// `__builtin_is_constant_evaluated()` is true in the initialiser of a `constexpr` variable (it is
// manifestly constant-evaluated, C++ [expr.const]) and false in code that runs. STRIDE is
// therefore 1: thread t writes s[t] and reads s[63 - t] after the barrier: race free.

constexpr int stride() { return __builtin_is_constant_evaluated() ? 1 : 0; }
constexpr int STRIDE = stride();

__global__ void mirror(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x * STRIDE] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
