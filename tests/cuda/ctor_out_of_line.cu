//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Issue 20: a constructor declared in the class and defined outside it (`O::O(int t) : ... { ... }`):
// o.i = 3t, thread t writes A[3t] and A[3t + 1] (host/ctor_out_of_line.cpp).

struct O {
    int i;
    __device__ O(int t);
};

__device__ O::O(int t) : i(t) { i = i * 3; }

__global__ void out_of_line(int *A)
{
    O o(threadIdx.x);
    A[o.i] = threadIdx.x;
    A[o.i + 1] = threadIdx.x;
}
