//xfail:out-of-bounds
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// A block-stride loop that clears `__shared__ float buf[64]` with `i <= 64` instead of
// `i < 64`: thread 0 runs i = 0, 32, 64 and writes buf[64], one past the end. The stores in
// bounds are one per cell (cell i by thread i % 32), and the reads after the barrier
// (buf[threadIdx.x] and buf[threadIdx.x + 32]) are not written in their phase: no race among
// the accesses in bounds.

__global__ void clear_buffer(float *out)
{
    __shared__ float buf[64];
    for (int i = threadIdx.x; i <= 64; i += blockDim.x)
        buf[i] = 0.0f;
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x] + buf[threadIdx.x + 32];
}
