//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (long long)t - 64 is computed in 64 bits: negative for every t < 64, all store into A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    long long d = (long long)threadIdx.x - 64;
    if (d < 0)
        A[0] = threadIdx.x;
}
