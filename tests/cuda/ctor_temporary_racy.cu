//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of ctor_temporary: the method call's cell is last() + 1 = 4t + 4, thread t + 1's
// A[first_of(...)] (host/ctor_temporary_racy.cpp).

struct Run {
    int base, len;
    __device__ Run(int b, int l) : base(b * l), len(l) {}
    __device__ int last() const { return base + len - 1; }
};

__device__ int first_of(Run r) { return r.base; }
__device__ int last_of(const Run &r) { return r.last(); }

__global__ void temporaries(int *A)
{
    int t = threadIdx.x;
    A[first_of(Run(t, 4))] = t;
    A[last_of(Run(t, 4))] = t;
    A[Run(t, 4).last() + 1] = t;
}
