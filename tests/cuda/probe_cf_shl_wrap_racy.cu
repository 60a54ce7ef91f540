//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// 33 doublings of an unsigned 1 wrap to 0: every thread writes A[0]. (Loop-carried value; the
// g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned m = 1;
    for (int i = 0; i < 33; i++)
        m <<= 1;
    A[threadIdx.x * m] = threadIdx.x;
}
