//pass
//--gridDim=1
// mapcheck: exact
// An assumption in a loop that runs at least once (m > 0) constrains the code after the loop:
// a thread with n outside [1, 1024) stops in the loop's first iteration. The write after the
// loop runs only when m > 0, so only with n >= 1: a[tid * n] is a distinct cell per thread.
// Race free.

__global__ void assume_then_loop_exit(int *a, int n, int m)
{
    int tid = threadIdx.x;
    for (int i = 0; i < m; i++) {
        __builtin_assume(n >= 1 && n < 1024);
    }
    if (m > 0)
        a[tid * n] = tid;
}
