//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An unsigned counter 2 - 3 wraps to 4294967295: h + 1 = 0, every thread writes A[0]. (Loop-
// carried value; the g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned h = 2;
    for (int i = 0; i < 3; i++) h -= 1;
    A[threadIdx.x * (h + 1)] = threadIdx.x;
}
