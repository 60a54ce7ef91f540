//pass
//--gridDim=1
// mapcheck: exact
// Reaching `__builtin_unreachable()` is undefined behaviour: no run of the kernel gets there,
// so the writes after the branch run only with 1 <= n < 1024, where tid * n are distinct cells
// that do not overflow. Race free. (mapcheck once ran the thread past the builtin and reported
// a proven race with n = 0.)

__global__ void unreachable_guard(int *a, int n)
{
    int tid = threadIdx.x;
    if (n < 1 || n >= 1024)
        __builtin_unreachable();
    a[tid * n] = tid;
}
