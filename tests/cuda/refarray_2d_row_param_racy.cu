//xfail:data-race
//--blockDim=[32,2] --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// rowput takes a row of the tile by reference (int (&row)[32]); both rows of threads pass tile[0]: race.
__device__ void rowput(int (&row)[32], int x, int v) { row[x] = v; }
__global__ void k(int *out) {
  __shared__ int tile[2][32];
  rowput(tile[0], threadIdx.x, threadIdx.x + 32 * threadIdx.y);
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
