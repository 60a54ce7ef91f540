//xfail:data-race
//--blockDim=[32,2] --gridDim=2
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// row refers to tile[0] for every thread (ty ignored): (x,0) and (x,1) both write tile[0][x]: race.
__global__ void k(int *out) {
  __shared__ int tile[2][32];
  int (&row)[32] = tile[0];
  row[threadIdx.x] = threadIdx.x + 32 * threadIdx.y;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.y * 32 + threadIdx.x] = tile[1 - threadIdx.y][threadIdx.x];
}
