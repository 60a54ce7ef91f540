//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of probe_copy_ctor_racy: the copy constructor stores into A[i], one cell per thread,
// and the value `use` returns only reaches a stored value.

struct T {
    int *a;
    int i;
    __device__ T(int *a_, int i_) : a(a_), i(i_) {}
    __device__ T(const T &o) : a(o.a), i(o.i) { a[i] = i; }
};

__device__ int use(T t) { return t.i; }

__global__ void copy_logs(int *A)
{
    T t(A, threadIdx.x);
    A[64 + threadIdx.x] = use(t);
}
