//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// h >>= 1 from -100 (arithmetic): -50, -25, -13; every thread writes A[0]. (Loop-carried value;
// the g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int h = -100;
    for (int i = 0; i < 3; i++) h >>= 1;
    A[threadIdx.x * (h + 13)] = threadIdx.x;
}
