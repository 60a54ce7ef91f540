//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// q = &a[t].y; q[0] is a[t].y, the thread's own field.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct P { int x, y; };
__global__ void k(int *out)
{
    __shared__ P a[33];
    unsigned t = threadIdx.x;
    a[t].x = t;
    int *q = &a[t].y;
    q[0] = 7;
    __syncthreads();
    out[t] = a[t].x + a[t].y;
}
