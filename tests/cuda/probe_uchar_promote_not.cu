//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// ~c promotes the unsigned char to int first: ~c = -c - 1 < 0, never above 0; nothing is
// stored.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned char c = threadIdx.x;
    if (~c > 0)
        A[0] = threadIdx.x;
}
