//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// at(a, i) returns a reference to a[i] of an array passed by reference: at(s, t/2) = t: race.
__device__ int &at(int (&a)[64], int i) { return a[i]; }
__global__ void k(int *out) {
  __shared__ int s[64];
  at(s, threadIdx.x / 2) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
