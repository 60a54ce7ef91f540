//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: mapcheck dropped every access through a reference to an
// array — clang spells its type `int (&)[64]`, or `int &[64]` for `auto &` — as a private
// object of the thread.)
// int (&r)[64] = (t & 1) ? s1 : s2; r[t / 2] = t: odd threads 2k+1 and 2k+3? no: odd t=2k+1 writes
// s1[k]; t = 2k+1 and 2k+1 only... use r[t / 4]: odd threads 4m+1 and 4m+3 both write s1[m]: race.
__global__ void k(int *out) {
  __shared__ int s1[64], s2[64];
  int (&r)[64] = (threadIdx.x & 1) ? s1 : s2;
  r[threadIdx.x / 4] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s1[threadIdx.x] + s2[threadIdx.x];
}
