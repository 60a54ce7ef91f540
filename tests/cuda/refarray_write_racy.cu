//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// r is a reference to the whole shared array s: r[t / 2] is s[t / 2]; threads 2k and 2k+1
// write s[k] with different values: write-write race.
__global__ void k(int *out) {
  __shared__ int s[64];
  int (&r)[64] = s;
  r[threadIdx.x / 2] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
