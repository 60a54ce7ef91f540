//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A short counter 32000 + 4 * 200 wraps to -32736: every thread writes A[0]. (Loop-carried
// value; the g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    short s = 32000;
    for (int i = 0; i < 4; i++) s += 200;
    if (s < 0) A[0] = threadIdx.x;
}
