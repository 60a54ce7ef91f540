//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// 1 doubled 8 times in an unsigned char is 256, i.e. 0: every thread writes A[0]. (Loop-carried
// value; the g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned char c = 1;
    for (int i = 0; i < 8; i++) c *= 2;
    A[threadIdx.x * c] = threadIdx.x;
}
