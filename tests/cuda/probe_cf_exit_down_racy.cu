//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// i = 10, 7, 4, 1, then -2 ends the loop: every thread writes A[0]. (Loop-carried value; the
// g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i;
    for (i = 10; i > 0; i -= 3) { }
    A[threadIdx.x * (i + 2)] = threadIdx.x;
}
