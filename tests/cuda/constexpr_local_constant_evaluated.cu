//pass
//--blockDim=64
// mapcheck: exact
// A local `constexpr` variable's initialiser is manifestly constant-evaluated (C++
// [expr.const]), so `stride()` takes its compile-time branch there: st is 1, thread t writes
// s[t] and reads its own cell after the barrier: race free. (Lowered as code that runs, the
// call gave 0, and a false proven race on s[0].) The racy twin, where the call runs, is
// constexpr_is_constant_evaluated_racy.cu.

__device__ constexpr int stride() { return __builtin_is_constant_evaluated() ? 1 : 0; }

__global__ void own_cells(int *out)
{
    __shared__ int s[64];
    constexpr int st = stride();
    s[threadIdx.x * st] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
