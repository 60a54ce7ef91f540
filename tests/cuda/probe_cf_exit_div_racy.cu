//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// i /= 2 from 100 ends at 0: every thread writes A[0]. (Loop-carried value; the g++ host truth
// runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i;
    for (i = 100; i > 0; i /= 2) { }
    A[threadIdx.x * i] = threadIdx.x;
}
