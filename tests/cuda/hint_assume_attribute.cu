//pass
//--gridDim=1
// mapcheck: exact
// C++23's `[[assume(e)]]` is an assumption from where it stands, as `__builtin_assume(e)`: a
// run in which it fails is no run. With 1 <= n < 1024 every thread writes the cell tid * n, and
// tid * n never overflows in a block of at most 1024 threads: distinct cells. Race free.
// (mapcheck once skipped the attribute, and reported a proven race with n = 0.)

__global__ void assume_attribute(int *a, int n)
{
    int tid = threadIdx.x;
    [[assume(n >= 1 && n < 1024)]];
    a[tid * n] = tid;
}
