//xfail:data-race
//--blockDim=[16,16] --gridDim=[4,4]
// The tiled transpose with its barrier forgotten: a thread reads a tile cell another thread of
// the block writes in the same phase.
// check: => exact racy exit=1
#define TILE 16

__global__ void transpose_nosync(float *odata, const float *idata, int width, int height) {
  __requires(width == 64);
  __requires(height == 64);
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = idata[y * width + x];
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  odata[y * height + x] = tile[threadIdx.x][threadIdx.y];
}
