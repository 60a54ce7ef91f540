//xfail:data-race
//--blockDim=128 --gridDim=1
// The CUDA samples' `reduce4` pattern: a tree reduction with barriers down to 64 partial sums,
// then the last warp (threads 0..31) finishes without barriers, relying on its 32 lanes running
// in lockstep over `volatile` shared memory. Thread 0 reads s[1] while thread 1 writes it: a
// race between two threads of one warp (`warp_only`). Since Volta's independent thread
// scheduling the lanes need not run in lockstep, so by default every such race is reported,
// each marked `warp_only`; under `--warp-sync` (warps of 32) the lanes are ordered and the
// kernel is race free. With warps of 16 lanes, `smem[tid] += smem[tid + 16]` has thread 0
// read what thread 16, of the other warp, writes: racy (warp_reduce_header.cu has the flag in
// its header; warp_reduce_cross.cu races across warps).
// check: => exact racy exit=1
// check: --warp-sync => exact drf exit=0
// check: --warp-sync=32 => exact drf exit=0
// check: --warp-sync=16 => exact racy exit=1
// findings: => data-race/proven/read-write/warp-only+
// findings: --warp-sync => 
// findings: --warp-sync=16 => data-race/proven/read-write+
__global__ void reduce4(const int *g_in, int *g_out) {
  __shared__ int sdata[128];
  unsigned tid = threadIdx.x;
  sdata[tid] = g_in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *smem = sdata;
    smem[tid] += smem[tid + 32];
    smem[tid] += smem[tid + 16];
    smem[tid] += smem[tid + 8];
    smem[tid] += smem[tid + 4];
    smem[tid] += smem[tid + 2];
    smem[tid] += smem[tid + 1];
  }
  if (tid == 0)
    g_out[blockIdx.x] = sdata[0];
}
