// A histogram with atomics: every thread adds one to the bin of its input value. The bin is
// data (read from `data`), so the kernel is data-dependent; atomics never race with each other,
// and the only plain accesses are reads of distinct cells: race free.
// check: --block-dim 64 => data-dependent drf exit=0
__global__ void histogram(const int *data, unsigned int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = data[i];
  atomicAdd(&bins[v % 16], 1);
}
