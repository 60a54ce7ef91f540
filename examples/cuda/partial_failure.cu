// One kernel outside the subset (`goto`) does not hide its neighbours: `bad` is a located
// error (exit 2), and `copy` and `racy` are still checked and reported.
// check: --block-dim 32 --grid-dim 4 => exact drf exit=2
// check: --block-dim 32 --grid-dim 4 --kernel copy => exact drf exit=0
// check: --block-dim 32 --grid-dim 4 --kernel racy => exact racy exit=1
__global__ void copy(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void bad(int *A) {
  goto done;
done:
  A[0] = 1;
}

__global__ void racy(int *A) {
  A[blockIdx.x] = threadIdx.x;
}
