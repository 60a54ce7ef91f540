//xfail:data-race
//--blockDim=64 --gridDim=1
// Virtual dispatch: p points to a D, so p->idx is D::idx (t / 2).
struct B { __device__ virtual int idx(int t) const { return t; } };
struct D : B { __device__ int idx(int t) const override { return t / 2; } };
__global__ void k(int *A)
{
    D d;
    B *p = &d;
    A[p->idx(threadIdx.x)] = threadIdx.x;
}
