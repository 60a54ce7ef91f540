//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// long long i < int n = -5: both signed 64-bit, never true; nothing is stored.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    long long i = threadIdx.x;
    int n = -5;
    if (i < n)
        A[0] = threadIdx.x;
}
