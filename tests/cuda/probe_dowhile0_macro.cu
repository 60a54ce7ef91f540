//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The `do { ... } while (0)` macro idiom runs its body exactly once: A[t] = t, then s[t] = 1
// and a barrier reached by every thread, then the read of s[63 - t]: race free, no divergence.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

#define STORE(i, v) do { A[i] = (v); } while (0)

__global__ void k(int *A)
{
    __shared__ int s[64];
    STORE(threadIdx.x, threadIdx.x);
    do { s[threadIdx.x] = 1; __syncthreads(); } while (0);
    A[64 + threadIdx.x] = s[63 - threadIdx.x];
}
