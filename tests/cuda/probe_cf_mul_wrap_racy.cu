//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// 3 doubled 32 times wraps to 0 in 32 bits: every thread writes A[0]. (Loop-carried value; the
// g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned m = 3;
    for (int i = 0; i < 32; i++)
        m *= 2;
    A[threadIdx.x * m] = threadIdx.x;
}
