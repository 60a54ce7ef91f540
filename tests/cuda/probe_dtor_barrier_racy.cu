//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a class with a destructor that is not trivial is refused (C++ runs it without a call in the source)
// Twin of probe_dtor_barrier: `b` lives until the end of the kernel, so its barrier runs after
// the read of s[63 - t]; the write of s[t] and thread 63 - t's read race.

struct Bar {
    __device__ ~Bar() { __syncthreads(); }
};

__global__ void raii_barrier(int *A)
{
    __shared__ int s[64];
    Bar b;
    s[threadIdx.x] = threadIdx.x;
    A[threadIdx.x] = s[63 - threadIdx.x];
}
