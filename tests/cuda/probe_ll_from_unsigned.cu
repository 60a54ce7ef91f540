//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// threadIdx.x - 64u wraps in 32 bits before it is widened: d = 2^32 - 64 + t > 0; nothing is
// stored.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    long long d = threadIdx.x - 64u;
    if (d < 0)
        A[0] = threadIdx.x;
}
