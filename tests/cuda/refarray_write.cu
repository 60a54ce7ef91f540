//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// r is a reference to the shared array s: r[t] is s[t]; after the barrier thread t reads
// s[63 - t]: race-free.
__global__ void k(int *out) {
  __shared__ int s[64];
  int (&r)[64] = s;
  r[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
