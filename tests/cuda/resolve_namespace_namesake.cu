//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of resolve_namespace_namesake_racy.cu calling B::f, whose writes p[i] are per
// thread, while A::f (declared first, defined last) would race. Race free.

namespace A { __device__ void f(int *p, int i); }
namespace B { __device__ void f(int *p, int i); }

__global__ void namesake(int *a)
{
    B::f(a, threadIdx.x);
}

namespace A { __device__ void f(int *p, int i) { p[0] = i; } }
namespace B { __device__ void f(int *p, int i) { p[i] = i; } }
