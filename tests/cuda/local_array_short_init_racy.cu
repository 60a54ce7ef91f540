//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: an initialiser list that leaves elements out, or a
// `constexpr`/`static const` table, was read as zeros or as memory of any contents.)
// off = {1, 0, 0, 0}: even thread 2k writes out[2k+1], odd thread 2k+1 writes out[2k+1]
__global__ void k(int *out) {
  int off[4] = {1};
  int t = threadIdx.x;
  out[t + off[t % 2]] = t;
}
