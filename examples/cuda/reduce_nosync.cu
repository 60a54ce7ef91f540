// The same reduction without the barrier in the loop: a thread reads `sdata[tid + s]` while
// its owner may still be writing it in the same phase: a real race.
// check: --block-dim 64 => exact racy exit=1
#define BLOCK 64

__global__ void reduce_nosync(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  unsigned int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
