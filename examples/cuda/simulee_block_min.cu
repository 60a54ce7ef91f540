// Simulee, Figure 2 (thundersvm's SMO kernel, before the fix), in CUDA: each thread stores a
// candidate for its own cell — its value when its flag allows, a large sentinel otherwise —
// and the block takes the minimum with a halving reduction. Nothing separates the stores from
// the first round, which reads the cell `s` places up while its owner may still store it
// (read-write). `mapcheck fix` puts one barrier after the branch, as thundersvm's fix did.
// check: --block-dim 64 => data-dependent racy exit=1
#define BLOCK 64

__global__ void block_min(const int *f, const int *y, int *out) {
  __shared__ int vals[BLOCK];
  unsigned tid = threadIdx.x;
  if (y[tid] > 0) {
    vals[tid] = f[tid];
  } else {
    vals[tid] = 1000000;
  }
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      vals[tid] = min(vals[tid], vals[tid + s]);
    }
    __syncthreads();
  }
  if (tid == 0) {
    out[blockIdx.x] = vals[0];
  }
}
