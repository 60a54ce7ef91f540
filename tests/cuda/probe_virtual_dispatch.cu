//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a class with virtual methods is refused (a call runs the override of the dynamic type)
// Twin of probe_virtual_dispatch_racy: the object is a B, so B::put (A[t]) runs.

struct B {
    __device__ virtual void put(int *A, int t) const { A[t] = t; }
};
struct D : B {
    __device__ void put(int *A, int t) const override { A[t / 2] = t; }
};

__device__ void run(const B &b, int *A) { b.put(A, threadIdx.x); }

__global__ void dispatch(int *A)
{
    B d;
    run(d, A);
}
