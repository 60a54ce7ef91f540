//xfail:data-race
//--blockDim=64 --gridDim=1
// The twin of benign_reduce_out.cu: every thread copies its own partial sum `s[t]` to
// `d_out[0]`, so the stored values differ and the race on `d_out[0]` is a data race.
// mapcheck says `possibly-racy`: the sums are float additions it does not compute (`?`), so
// `s` holds values derived from a `?`, and whether two threads store different values rests on
// them (equal values would be a benign race); the finding stays potential.
// check: => exact possibly-racy exit=3
// findings: => data-race/potential/write-write
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
  d_out[0] = s[t];
}
