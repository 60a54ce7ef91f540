//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — a barrier with a thread count (`bar.sync 0, 32`) is a partial barrier, which mapcheck refuses rather than reads as the block's barrier
// `bar.sync 0, 32` waits for 32 threads, not the block's 64: the first warp to arrive is
// released alone, so thread t may read s[63 - t] before the other warp's thread 63 - t wrote
// it. Racy (the barrier orders nothing between the two warps).

__global__ void reverse_partial_barrier(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    asm volatile("bar.sync 0, 32;");
    out[threadIdx.x] = s[63 - threadIdx.x];
}
