//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// c *= 2 on an unsigned char: 2t < 256 for t < 64, one cell per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned char c = threadIdx.x;
    c *= 2;
    A[c] = threadIdx.x;
}
