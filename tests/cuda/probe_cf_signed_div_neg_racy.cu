//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// h /= 2 from -100 (truncating): -50, -25, -12; every thread writes A[0]. (Loop-carried value;
// the g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int h = -100;
    for (int i = 0; i < 3; i++) h /= 2;
    A[threadIdx.x * (h + 12)] = threadIdx.x;
}
