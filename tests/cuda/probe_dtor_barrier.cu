//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a class with a destructor that is not trivial is refused (C++ runs it without a call in the source)
// Session 12 probe, a wrongly proven race before its fix: an RAII barrier. `b` is destroyed at the end of the inner block and
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
