//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// A __device__ array at file scope, referenced through int (&g)[64]: g[t / 2] = t: race.
__device__ int garr[64];
__global__ void k(int *out) {
  int (&g)[64] = garr;
  g[threadIdx.x / 2] = threadIdx.x;
}
