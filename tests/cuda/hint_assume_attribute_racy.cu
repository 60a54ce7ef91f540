//xfail:data-race
//--gridDim=1
// mapcheck: exact
// The twin of hint_assume_attribute.cu whose write comes before the assumption: it runs for
// n = 0 too (the failed assumption stops the thread only afterwards), and then every thread
// writes its tid to a[0]. Racy.

__global__ void assume_attribute(int *a, int n)
{
    int tid = threadIdx.x;
    a[tid * n] = tid;
    [[assume(n >= 1 && n < 1024)]];
}
