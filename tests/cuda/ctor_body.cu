//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Issue 20: a constructor that assigns its fields in its body, the object built by `Q q = Q(i)`
// and copied (`Q r = q`, the implicit copy constructor). Thread t writes A[2t] and A[2t + 1]
// (host/ctor_body.cpp).

struct Q {
    int lo, hi;
    __device__ Q(int i)
    {
        lo = 2 * i;
        hi = lo + 1;
    }
};

__global__ void body(int *A)
{
    Q q = Q(threadIdx.x);
    Q r = q;
    A[r.lo] = threadIdx.x;
    A[q.hi] = threadIdx.x;
}
