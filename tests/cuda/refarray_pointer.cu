//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A pointer to a whole shared array, `int (*p)[64] = &s` (clang's type `int (*)[64]`): (*p)[t]
// is s[t], each thread's own cell before the barrier. Race free.
__global__ void k(int *out) {
  __shared__ int s[64];
  int (*p)[64] = &s;
  (*p)[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
