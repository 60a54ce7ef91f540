//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: passing `t` by value to `use` runs T's user-provided copy constructor,
// which stores i into a[i / 2]: threads 2k and 2k + 1 write A[k]. The copy constructor is
// dropped, and mapcheck answers `drf`.

struct T {
    int *a;
    int i;
    __device__ T(int *a_, int i_) : a(a_), i(i_) {}
    __device__ T(const T &o) : a(o.a), i(o.i) { a[i / 2] = i; }
};

__device__ int use(T t) { return t.i; }

__global__ void copy_logs(int *A)
{
    T t(A, threadIdx.x);
    A[64 + threadIdx.x] = use(t);
}
