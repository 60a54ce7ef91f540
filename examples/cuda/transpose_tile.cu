//pass
//--blockDim=[16,16] --gridDim=[4,4]
// Tiled transpose through a padded shared tile (the CUDA samples' pattern): each thread
// stores one element, the barrier ends the phase, then each thread reads the transposed
// element. Race free under the 16x16 blocks of the GPUVerify header, for the 64x64 matrix the
// `__requires` preconditions (GPUVerify's) fix.
// check: => exact drf exit=0
#define TILE 16

__global__ void transpose(float *odata, const float *idata, int width, int height) {
  __requires(width == 64);
  __requires(height == 64);
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = idata[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  odata[y * height + x] = tile[threadIdx.x][threadIdx.y];
}
