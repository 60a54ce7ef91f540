//pass
//--blockDim=[32,2] --gridDim=2
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// int (&row)[32] = tile[ty] is a reference to a row: row[tx] is tile[ty][tx]: race-free.
__global__ void k(int *out) {
  __shared__ int tile[2][32];
  int (&row)[32] = tile[threadIdx.y];
  row[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.y * 32 + threadIdx.x] = tile[1 - threadIdx.y][threadIdx.x];
}
