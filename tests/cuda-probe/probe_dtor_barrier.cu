//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// WRONG CERTAINTY on main: an RAII barrier. `b` is destroyed at the end of the inner block and
// ~Bar runs __syncthreads(), which orders the write of s[t] before the read of s[63 - t]: race
// free. mapcheck drops the destructor call and reports a *proven* race on s.

struct Bar {
    __device__ ~Bar() { __syncthreads(); }
};

__global__ void raii_barrier(int *A)
{
    __shared__ int s[64];
    {
        Bar b;
        s[threadIdx.x] = threadIdx.x;
    }
    A[threadIdx.x] = s[63 - threadIdx.x];
}
