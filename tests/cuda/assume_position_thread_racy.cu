//xfail:data-race
//--gridDim=1
// mapcheck: exact
// A per-thread assumption after the access: every thread writes a[0] before assuming it is
// thread 0, so in any block of two threads threads 0 and 1 write a[0] with different values.

__global__ void every_thread_then_assume(int *a)
{
    a[0] = threadIdx.x;
    __assume(threadIdx.x == 0);
}
