// SAXPY with a grid-stride loop: every global index belongs to one thread of the grid.
// check: => exact drf exit=0
// check: --block-dim 128 --grid-dim 4 => exact drf exit=0
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
  }
}
