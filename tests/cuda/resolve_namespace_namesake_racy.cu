//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Two functions named `f` with one type, in two namespaces; the kernel calls A::f, declared
// before the kernel and defined after it, which stores every thread's id into p[0]: racy.
// B::f (defined first) writes p[i], race free: matching the call by its unqualified name and
// type would run the wrong one.

namespace A { __device__ void f(int *p, int i); }
namespace B { __device__ void f(int *p, int i) { p[i] = i; } }

__global__ void namesake(int *a)
{
    A::f(a, threadIdx.x);
}

namespace A { __device__ void f(int *p, int i) { p[0] = i; } }
