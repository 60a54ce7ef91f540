//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An unsigned long long parameter may exceed 2^32: then every thread writes A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A, unsigned long long n)
{
    if (n > 4294967296ull) A[0] = threadIdx.x;
}
