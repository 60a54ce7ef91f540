//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a class with a destructor that is not trivial is refused (C++ runs it without a call in the source)
// Session 12 probe, unsound before its fix: implicit destructor calls are dropped. `g` is destroyed at the closing
// brace of its block; ~Guard stores v into a[i] = A[t / 2], so threads 2k and 2k + 1 write
// A[k] with different values. mapcheck lowers the kernel to no access at all: `drf (exact)`.

struct Guard {
    int *a;
    int i;
    int v;
    __device__ ~Guard() { a[i] = v; }
};

__global__ void scoped_store(int *A)
{
    {
        Guard g{A, (int)threadIdx.x / 2, (int)threadIdx.x};
    }
}
