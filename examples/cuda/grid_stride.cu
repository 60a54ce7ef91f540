// SAXPY with a grid-stride loop: in a one-dimensional launch every global index belongs to one
// thread of the grid. Without a geometry the launch may be two-dimensional (mapcheck never
// assumes a block or grid is 1-D because the kernel reads only `.x`): threads (0, 0) and (0, 1)
// of a block start at the same i and both write y[i]. mapcheck finds that race but cannot
// prove it: the step `blockDim.x * gridDim.x` is unsigned and wraps modulo 2^32 in C once the
// grid has 2^32 threads or more, which the open geometry allows (1024 * 2^22 wraps to a step of
// 0), so the loop is not counted (its trip count and `i` are unknowns) and the alarm stays
// potential.
// check: => data-dependent possibly-racy exit=3
// check: --block-dim 128 --grid-dim 4 => exact drf exit=0
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
  }
}
