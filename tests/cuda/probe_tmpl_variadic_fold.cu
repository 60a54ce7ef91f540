//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A fold expression over the pack: A[2t] and A[2t + 1].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

template <typename... I> __device__ void put(int *A, int v, I... i) { ((A[i] = v), ...); }
__global__ void k(int *A)
{
    put(A, threadIdx.x, 2 * threadIdx.x, 2 * threadIdx.x + 1);
}
