//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — `new` (`CXXNewExpr`) is refused
// Placement new constructs a W (v = t) in raw[t / 2]: threads 2k and 2k + 1 write raw[k].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

#include <new>
struct W { int v; __device__ W(int x) : v(x) {} };
__global__ void k(int *out)
{
    __shared__ int raw[64];
    new (&raw[threadIdx.x / 2]) W(threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = raw[threadIdx.x];
}
