//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// __threadfence_block orders a thread's own accesses, it does not wait for others: s[t + 1] is
// read while thread t + 1 may still be writing it.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    __threadfence_block();
    A[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
