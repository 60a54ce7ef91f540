//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a `static const` member initialised through another
// instance of its class template was read as memory, and races were "confirmed".)
// Pow2<3>::value = 8 by template recursion: s[8t] and s[8t+1]: race-free.
template <int N> struct Pow2 { static const int value = 2 * Pow2<N - 1>::value; };
template <> struct Pow2<0> { static const int value = 1; };
__global__ void k(int *out) {
  __shared__ int s[512];
  s[Pow2<3>::value * threadIdx.x] = threadIdx.x;
  s[8 * threadIdx.x + 1] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
