//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// i = 0, 3, 6, 9, then 12 ends the loop: A[t * 0] for every thread. (Loop-carried value; the
// g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i;
    for (i = 0; i < 10; i += 3) { }
    A[threadIdx.x * (i - 12)] = threadIdx.x;
}
