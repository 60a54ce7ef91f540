//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A member without an initializer in P p{t} is zero: p.b = 0, so every thread writes A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct P { int a, b; };
__global__ void k(int *A)
{
    P p{(int)threadIdx.x};
    A[p.b] = p.a;
}
