//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// c *= 8 on an unsigned char wraps: 8t mod 256 repeats every 32 threads.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned char c = threadIdx.x;
    c *= 8;
    A[c] = threadIdx.x;
}
