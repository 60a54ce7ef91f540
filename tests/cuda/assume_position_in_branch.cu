//pass
//--gridDim=1
// mapcheck: exact
// A failed positional assumption inside a branch stops the thread, so the code after the
// branch runs only where it held: with m > 0 the thread goes on only if n >= 1, and the write
// after the branch, itself under m > 0, then writes a[tid * n] — distinct cells (n < 1024
// keeps tid * n from overflowing in a block of at most 1024 threads). Race free. (mapcheck
// once guarded only the rest of the branch, so the write ran for n = 0 too: a false proven
// race.)

__global__ void assume_in_branch(int *a, int n, int m)
{
    int tid = threadIdx.x;
    if (m > 0) {
        __builtin_assume(n >= 1 && n < 1024);
    }
    if (m > 0)
        a[tid * n] = tid;
}
