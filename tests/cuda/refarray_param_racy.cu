//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// put takes the shared array by reference (int (&a)[64]) and writes a[i]; i = t / 2: threads 2k
// and 2k+1 write s[k]: race.
__device__ void put(int (&a)[64], int i, int v) { a[i] = v; }
__global__ void k(int *out) {
  __shared__ int s[64];
  put(s, threadIdx.x / 2, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
