//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// q = &a[t].y; q[1] is the next element's x, which thread t + 1 writes.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct P { int x, y; };
__global__ void k(int *out)
{
    __shared__ P a[33];
    unsigned t = threadIdx.x;
    a[t].x = t;
    int *q = &a[t].y;
    q[1] = 7;
    __syncthreads();
    out[t] = a[t].x;
}
