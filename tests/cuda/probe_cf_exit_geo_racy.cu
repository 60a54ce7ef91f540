//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// i *= 3 from 1 ends at 243: every thread writes A[0]. (Loop-carried value; the g++ host truth
// runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i;
    for (i = 1; i < 100; i *= 3) { }
    A[threadIdx.x * (i - 243)] = threadIdx.x;
}
