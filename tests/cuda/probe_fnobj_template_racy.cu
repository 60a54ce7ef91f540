//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The function object Half is called through a template parameter: A[t / 2].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct Half { __device__ int operator()(int t) const { return t / 2; } };
template <typename F> __device__ void go(int *A, F f) { A[f(threadIdx.x)] = threadIdx.x; }
__global__ void k(int *A)
{
    go(A, Half{});
}
