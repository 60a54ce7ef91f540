//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a class with virtual methods is refused (a call runs the override of the dynamic type)
// Session 12 probe, unsound before its fix: a virtual call is lowered as a call of the static callee. `b.put` with `b`
// bound to a D runs D::put, which writes A[t / 2] (threads 2k and 2k + 1 collide); mapcheck
// inlines B::put (A[t]) and answers `drf (exact)`.

struct B {
    __device__ virtual void put(int *A, int t) const { A[t] = t; }
};
struct D : B {
    __device__ void put(int *A, int t) const override { A[t / 2] = t; }
};

__device__ void run(const B &b, int *A) { b.put(A, threadIdx.x); }

__global__ void dispatch(int *A)
{
    D d;
    run(d, A);
}
