//xfail:data-race
//--blockDim=64 --gridDim=1
struct B { __device__ virtual int idx(int t) const { return t; } };
struct D : B { __device__ int idx(int t) const override { return t / 2; } };
__device__ int call(const B &b, int t) { return b.idx(t); }
__global__ void k(int *A)
{
    D d;
    A[call(d, threadIdx.x)] = threadIdx.x;
}
