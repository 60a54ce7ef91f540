//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: an initialiser list that leaves elements out, or a
// `constexpr`/`static const` table, was read as zeros or as memory of any contents.)
// off = {1, -1, 0, 0}: even 2k -> 2k+1, odd 2k+1 -> 2k: a permutation
__global__ void k(int *out) {
  int off[4] = {1, -1};
  int t = threadIdx.x;
  out[t + off[t % 2]] = t;
}
