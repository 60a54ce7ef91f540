//xfail:data-race
//--gridDim=1
// mapcheck: exact
// The twin of assume_position_in_branch.cu whose write is not under m > 0: with m <= 0 the
// assumption is never reached, n = 0 is a run, and every thread writes its own tid to a[0].
// Racy.

__global__ void assume_in_branch(int *a, int n, int m)
{
    int tid = threadIdx.x;
    if (m > 0) {
        __builtin_assume(n >= 1 && n < 1024);
    }
    a[tid * n] = tid;
}
