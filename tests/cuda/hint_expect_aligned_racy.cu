//xfail:data-race
//--gridDim=1
// mapcheck: exact
// The twin of hint_expect_aligned.cu writing p[tid + 1] as well: thread tid's second write and
// thread tid + 1's first are the same cell, with different values. Racy.

__global__ void hints(int *a, int n)
{
    int tid = threadIdx.x;
    int *p = (int *)__builtin_assume_aligned(a, 16);
    if (__builtin_expect(n > 0, 1)) {
        p[tid] = tid;
        p[tid + 1] = -tid;
    }
}
