//xfail:data-race
//--gridDim=1
// mapcheck: exact
// The twin of assume_position_after_loop.cu whose write also runs when the loop runs no
// iteration (m <= 0): the assumption is never reached, n = 0 is a run, and every thread
// writes a[0]. Racy.

__global__ void assume_then_loop_exit(int *a, int n, int m)
{
    int tid = threadIdx.x;
    for (int i = 0; i < m; i++) {
        __builtin_assume(n >= 1 && n < 1024);
    }
    a[tid * n] = tid;
}
