//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// r refers to s; thread t reads r[(t+1)%64] AFTER the barrier: race-free.
__global__ void k(int *out) {
  __shared__ int s[64];
  int (&r)[64] = s;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = r[(threadIdx.x + 1) % 64];
}
