//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// auto &r = s deduces int (&)[64]: r[t / 2] = s[t / 2]: race between threads 2k and 2k+1.
__global__ void k(int *out) {
  __shared__ int s[64];
  auto &r = s;
  r[threadIdx.x / 2] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
