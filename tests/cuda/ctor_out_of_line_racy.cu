//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of ctor_out_of_line (before this change the body of a constructor defined outside its
// class was not seen at all): o.i = 3(t / 2), so threads 2k and 2k + 1 write A[3k]
// (host/ctor_out_of_line_racy.cpp).

struct O {
    int i;
    __device__ O(int t);
};

__device__ O::O(int t) : i(t) { i = i / 2 * 3; }

__global__ void out_of_line(int *A)
{
    O o(threadIdx.x);
    A[o.i] = threadIdx.x;
    A[o.i + 1] = threadIdx.x;
}
