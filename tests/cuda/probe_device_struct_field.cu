//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// g.b[t] is one cell per thread; g.a is written by thread 0 only.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct St { int a; int b[64]; };
__device__ St g;
__global__ void k(int *A)
{
    g.b[threadIdx.x] = threadIdx.x;
    if (threadIdx.x == 0) g.a = 1;
}
