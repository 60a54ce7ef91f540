//pass
//--gridDim=1
// mapcheck: exact
// `__builtin_expect(e, c)` is `e` and `__builtin_assume_aligned(p, 16)` is `p`: hints to the
// compiler. Each thread writes its own cell p[tid] = a[tid] when n > 0. Race free. (mapcheck
// once read `__builtin_expect`'s value as unknown, and refused the write through the aligned
// pointer.)

__global__ void hints(int *a, int n)
{
    int tid = threadIdx.x;
    int *p = (int *)__builtin_assume_aligned(a, 16);
    if (__builtin_expect(n > 0, 1))
        p[tid] = tid;
}
