//xfail:data-race
//--blockDim=128 --gridDim=1
// The twin of warp_reduce.cu whose unrolled part starts one step too early, at 64 threads
// (two warps): in its second step thread 0 reads s[32] while thread 32, of the other warp,
// writes it. Lockstep orders only the lanes of one warp, so the kernel is racy with or
// without `--warp-sync`.
// check: => exact racy exit=1
// check: --warp-sync => exact racy exit=1
// findings: => data-race/proven/read-write+
// findings: --warp-sync => data-race/proven/read-write+
__global__ void reduce4(const int *g_in, int *g_out) {
  __shared__ int sdata[128];
  unsigned tid = threadIdx.x;
  sdata[tid] = g_in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 64; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 64) {
    volatile int *smem = sdata;
    smem[tid] += smem[tid + 64];
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
