//xfail:data-race
//--blockDim=64 --gridDim=1
struct B { __device__ virtual void put(int *A, int t) const { A[t] = t; } };
struct D : B { __device__ void put(int *A, int t) const override { A[t / 2] = t; } };
__device__ void run(const B &b, int *A) { b.put(A, threadIdx.x); }
__global__ void k(int *A)
{
    D d;
    run(d, A);
}
