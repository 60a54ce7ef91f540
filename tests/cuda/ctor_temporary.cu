//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Issue 20: temporaries built by a computing constructor, passed by value and by `const &` to
// helpers and used as the object of a method call. Thread t writes A[4t], A[4t + 3], A[4t + 2]
// (host/ctor_temporary.cpp).

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
    A[Run(t, 4).last() - 1] = t;
}
