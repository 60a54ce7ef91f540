//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// template helper deducing the array size by reference: fill(s, t/2, t) writes s[t/2]: race.
template <int N> __device__ void fill(int (&a)[N], int i, int v) { a[i % N] = v; }
__global__ void k(int *out) {
  __shared__ int s[64];
  fill(s, threadIdx.x / 2, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
