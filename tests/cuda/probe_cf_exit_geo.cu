//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// i *= 3 from 1: 1, 3, 9, 27, 81, then 243 ends the loop: A[t]. (Loop-carried value; the g++
// host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i;
    for (i = 1; i < 100; i *= 3) { }
    A[threadIdx.x * (i - 242)] = threadIdx.x;
}
