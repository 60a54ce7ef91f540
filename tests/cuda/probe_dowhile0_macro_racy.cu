//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The `do { ... } while (0)` macro body runs once: A[t / 2] = t, so threads 2k and 2k + 1
// collide.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

#define STORE(i, v) do { A[i] = (v); } while (0)

__global__ void k(int *A)
{
    STORE(threadIdx.x / 2, threadIdx.x);
}
