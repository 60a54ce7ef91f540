//xfail:data-race
//--gridDim=1
// mapcheck: exact
// The twin of hint_unreachable.cu whose unreachable branch is taken only for m > 0: with
// m <= 0 nothing stops the thread, n = 0 is a run, and every thread writes its tid to a[0].
// Racy.

__global__ void unreachable_guard(int *a, int n, int m)
{
    int tid = threadIdx.x;
    if (m > 0 && (n < 1 || n >= 1024))
        __builtin_unreachable();
    a[tid * n] = tid;
}
