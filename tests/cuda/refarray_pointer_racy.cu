//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of refarray_pointer.cu writing (*p)[t / 2]: threads 2k and 2k + 1 write s[k] with
// different values. Racy.
__global__ void k(int *out) {
  __shared__ int s[64];
  int (*p)[64] = &s;
  (*p)[threadIdx.x / 2] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
