//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of ctor_body: the body sets hi = lo + 2, so thread t's A[q.hi] = A[2t + 2] is thread
// t + 1's A[r.lo] (host/ctor_body_racy.cpp).

struct Q {
    int lo, hi;
    __device__ Q(int i)
    {
        lo = 2 * i;
        hi = lo + 2;
    }
};

__global__ void body(int *A)
{
    Q q = Q(threadIdx.x);
    Q r = q;
    A[r.lo] = threadIdx.x;
    A[q.hi] = threadIdx.x;
}
