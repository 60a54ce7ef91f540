//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// g.b[t / 2]: threads 2k and 2k + 1 collide.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct St { int a; int b[64]; };
__device__ St g;
__global__ void k(int *A)
{
    g.b[threadIdx.x / 2] = threadIdx.x;
}
