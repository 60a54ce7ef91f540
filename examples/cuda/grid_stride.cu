// SAXPY with a grid-stride loop: in a one-dimensional launch every global index belongs to one
// thread of the grid. Without a geometry the launch may be two-dimensional (mapcheck never
// assumes a block or grid is 1-D because the kernel reads only `.x`): threads (0, 0) and (0, 1)
// of a block start at the same i and both write y[i].
// check: => exact racy exit=1
// check: --block-dim 128 --grid-dim 4 => exact drf exit=0
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
  }
}
