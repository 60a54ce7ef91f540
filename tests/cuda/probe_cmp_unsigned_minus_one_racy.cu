//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// threadIdx.x < -1 compares unsigned: -1 becomes 4294967295, so every thread stores into A[0]
// (read signed, nobody would).
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    if (threadIdx.x < -1)
        A[0] = threadIdx.x;
}
