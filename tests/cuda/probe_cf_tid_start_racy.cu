//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// x = t + 8: A[t + t % 2] puts threads 2k + 1 and 2k + 2 on A[2k + 2]. (Loop-carried value; the
// g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int x = threadIdx.x;
    for (int i = 0; i < 4; i++) x += 2;
    A[x - 8 + (threadIdx.x % 2)] = threadIdx.x;
}
