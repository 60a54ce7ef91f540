//pass
//--blockDim=64 --gridDim=1
// A `__device__` helper, inlined: each thread swaps its pair of cells in a shared buffer
// after a barrier. Thread t touches cells 2t and 2t + 1 only: race free.
// check: => exact drf exit=0
__device__ int pair_index(int t) { return 2 * t; }

__global__ void swap_pairs(int *g) {
  __shared__ int buf[128];
  int t = threadIdx.x;
  int k = pair_index(t);
  buf[k] = g[k];
  buf[k + 1] = g[k + 1];
  __syncthreads();
  int a = buf[k];
  buf[k] = buf[k + 1];
  buf[k + 1] = a;
  __syncthreads();
  g[k] = buf[k];
  g[k + 1] = buf[k + 1];
}
