//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Issue 20: a constructor whose member-initialiser list computes (`y(a + 1)`) is inlined on the
// new object. p.x + p.y = 2t + 1: one cell of A per thread (host/ctor_init_list.cpp).

struct P {
    int x, y;
    __device__ P(int a) : x(a), y(a + 1) {}
};

__global__ void init_list(int *A)
{
    P p(threadIdx.x);
    A[p.x + p.y] = threadIdx.x;
}
