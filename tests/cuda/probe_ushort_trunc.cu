//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// (unsigned short)(t << 11) keeps all five bits of t < 32: A[t], one cell per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned short k = threadIdx.x << 11;
    A[k >> 11] = threadIdx.x;
}
