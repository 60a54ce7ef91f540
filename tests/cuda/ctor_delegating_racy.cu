//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of ctor_delegating: the default argument is 1, so r.at = t and thread t's A[t + 1] is
// thread t + 1's A[t + 1] (host/ctor_delegating_racy.cpp).

struct R {
    int at;
    __device__ R(int t, int stride = 1) : at(t * stride) {}
    __device__ R() : R(threadIdx.x) {}
};

__global__ void delegating(int *A)
{
    R r;
    A[r.at] = threadIdx.x;
    A[r.at + 1] = threadIdx.x;
}
