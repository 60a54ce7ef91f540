// Simulee, Figure 3, in CUDA: each thread initialises its own cells of two arrays, waits at a
// barrier, then overwrites the same cells. No cell is shared between threads, so the barrier
// protects nothing: `mapcheck` notes it as redundant, and `mapcheck fix` leaves the kernel as
// it is (advice only).
// check: --block-dim 256 => exact drf exit=0
#define BLOCK 256

__global__ void homography_median(const float *data, int iterations) {
  __shared__ float s_median[BLOCK];
  __shared__ int s_idx[BLOCK];
  unsigned tid = threadIdx.x;
  s_median[tid] = 1000000.0f;
  s_idx[tid] = 0;
  __syncthreads();
  for (int i = 0; i < iterations; i++) {
    s_idx[tid] = i;
    s_median[tid] = data[i * blockDim.x + tid];
  }
}
