//xfail:out-of-bounds
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// Each of the 32 threads stores into s[threadIdx.x + 1] of `__shared__ int s[32]`: thread 31
// writes s[32], one past the end, an index out of bounds. The other stores (cells 1 to 31) are
// one per thread, and the reads after the barrier (s[threadIdx.x], cells 0 to 31) are not
// written in their phase: no race among the accesses in bounds.

__global__ void shift_write(int *out)
{
    __shared__ int s[32];
    s[threadIdx.x + 1] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
