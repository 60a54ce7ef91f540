//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A + (t - 1u): for t = 0 the unsigned offset 4294967295 is zero-extended, so p[1] is
// A[4294967296], not A[0]; thread 5's A[0] has no other writer.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int *p = A + (threadIdx.x - 1u);
    p[1] = threadIdx.x;
    if (threadIdx.x == 5) A[0] = 9;
}
