//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// i <= 10 by 4: 0, 4, 8, then 12 ends the loop: A[t]. (Loop-carried value; the g++ host truth
// runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i;
    for (i = 0; i <= 10; i += 4) { }
    A[threadIdx.x * (i - 11)] = threadIdx.x;
}
