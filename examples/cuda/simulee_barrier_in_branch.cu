// Simulee, Figure 4 (before the fix), in CUDA: a halving reduction of distances whose barrier
// sits inside the branch that only the threads below the stride take; the others skip it
// (barrier divergence in the first round). `mapcheck fix` moves the barrier after the branch.
// check: --block-dim 64 => data-dependent possibly-racy divergent approximate exit=1
#define BLOCK 64

__global__ void nearest_neighbour(float *dist, int *idx) {
  __shared__ float s_dist[BLOCK];
  __shared__ int s_idx[BLOCK];
  unsigned tid = threadIdx.x;
  s_dist[tid] = dist[blockIdx.x * blockDim.x + tid];
  s_idx[tid] = tid;
  __syncthreads();
  for (unsigned i = blockDim.x / 2; i > 0; i >>= 1) {
    if (tid < i) {
      if (s_dist[tid + i] < s_dist[tid]) {
        s_dist[tid] = s_dist[tid + i];
        s_idx[tid] = s_idx[tid + i];
      }
      __syncthreads();
    }
  }
  if (tid == 0) {
    idx[blockIdx.x] = s_idx[0];
  }
}
