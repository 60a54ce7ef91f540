//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// atomicAdd on A[0] and a plain read of A[0] by another thread race (only two atomics do not).
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A, int *out)
{
    atomicAdd(&A[0], 1);
    out[threadIdx.x] = A[0];
}
