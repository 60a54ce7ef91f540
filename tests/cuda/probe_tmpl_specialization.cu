//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The explicit specialization f<2> (2) is called, not the primary template (0): A[2t].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

template <int N> __device__ int f() { return 0; }
template <> __device__ int f<2>() { return 2; }
__global__ void k(int *A)
{
    A[threadIdx.x * f<2>()] = threadIdx.x;
}
