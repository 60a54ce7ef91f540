//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The explicit specialization f<2> returns 0, not the primary template's 2: every thread writes
// A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

template <int N> __device__ int f() { return N; }
template <> __device__ int f<2>() { return 0; }
__global__ void k(int *A)
{
    A[threadIdx.x * f<2>()] = threadIdx.x;
}
