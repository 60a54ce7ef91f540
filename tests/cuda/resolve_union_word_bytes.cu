//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Each thread writes the word of its own element s[t] and, after the barrier, reads byte 1
// of the same element: every byte one thread's until the barrier: race-free.
union W { unsigned u; unsigned char b[4]; };
__global__ void k(int *out) {
  __shared__ W s[64];
  s[threadIdx.x].u = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x].b[1];
}
