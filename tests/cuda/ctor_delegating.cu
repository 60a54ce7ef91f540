//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Issue 20: a default constructor that delegates (`R() : R(threadIdx.x) {}`) to one with a default
// argument (`stride = 2`): r.at = 2t, thread t writes A[2t] and A[2t + 1] (host/ctor_delegating.cpp).

struct R {
    int at;
    __device__ R(int t, int stride = 2) : at(t * stride) {}
    __device__ R() : R(threadIdx.x) {}
};

__global__ void delegating(int *A)
{
    R r;
    A[r.at] = threadIdx.x;
    A[r.at + 1] = threadIdx.x;
}
