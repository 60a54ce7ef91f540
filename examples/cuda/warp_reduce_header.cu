//pass
//--blockDim=128 --gridDim=1 --warp-sync=32
// warp_reduce.cu with GPUVerify's header flag `--warp-sync=32`: the lanes of a warp run in
// lockstep, the last warp's unrolled steps are ordered, and the kernel is race free by default.
// The command line's `--warp-sync=N` wins over the header's.
// check: => exact drf exit=0
// check: --warp-sync=16 => exact racy exit=1
// findings: => 
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
