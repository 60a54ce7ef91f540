//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// if constexpr keeps the false branch for idx<false>: t / 2.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

template <bool Wide> __device__ int idx(int t)
{
    if constexpr (Wide) return t; else return t / 2;
}
__global__ void k(int *A)
{
    A[idx<false>(threadIdx.x)] = threadIdx.x;
}
