//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of param_unsigned_large_racy.cu with `n` a signed `int`: no `int` exceeds
// 2147483647 (INT_MAX), so the branch never runs; the other write is to each thread's own cell.

__global__ void big(int *out, int n)
{
    if (n > 2147483647) {
        out[0] = threadIdx.x;
    }
    out[1 + threadIdx.x] = n;
}
