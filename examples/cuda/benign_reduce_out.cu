//pass
//--blockDim=64 --gridDim=1
// A tree reduction in shared memory whose result every thread copies out after the last
// barrier: `d_out[0] = s[0]` by all 64 threads. Nobody writes `s` after that barrier, so every
// thread stores the same value: a benign race, and the kernel is race free as GPUVerify says.
// check: => exact drf exit=0
// check: --strict => exact racy exit=1
// findings: => benign-race/proven/write-write
__global__ void reduce(float *d_in, float *d_out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = d_in[t];
  __syncthreads();
  for (unsigned k = 32; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  d_out[0] = s[0];
}
