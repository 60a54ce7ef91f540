//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// my::atomicAdd is a plain read-modify-write, not CUDA's atomic: every thread reads and writes
// A[0].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

namespace my { __device__ int atomicAdd(int *p, int d) { int o = *p; *p = o + d; return o; } }
__global__ void k(int *A)
{
    my::atomicAdd(&A[0], 1);
}
