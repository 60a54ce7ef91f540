//pass
//--blockDim=5 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: an initialiser list that leaves elements out, or a
// `constexpr`/`static const` table, was read as zeros or as memory of any contents.)
__global__ void k(int *out) {
  int perm[8] = {3, 1, 4, 0, 2};
  int t = threadIdx.x;
  out[perm[t]] = t;
}
