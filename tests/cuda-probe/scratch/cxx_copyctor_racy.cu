//xfail:data-race
//--blockDim=64 --gridDim=1
// Passing by value runs the user copy constructor, which writes A[t / 2].
struct T {
    int *a; int i;
    __device__ T(int *a_, int i_) : a(a_), i(i_) {}
    __device__ T(const T &o) : a(o.a), i(o.i) { a[i / 2] = i; }
};
__device__ int use(T t) { return t.i; }
__global__ void k(int *A)
{
    T t(A, threadIdx.x);
    A[64 + threadIdx.x] = use(t);
}
