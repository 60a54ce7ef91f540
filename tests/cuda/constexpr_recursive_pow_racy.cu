//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a `static const` member initialised through another
// instance of its class template was read as memory, and races were "confirmed".)
// Pow2<0>::value = 1: s[t] and s[8t+1]: thread 1 stores s[1] both... thread 9 stores s[9],
// thread 1 stores s[9] via 8*1+1: race.
template <int N> struct Pow2 { static const int value = 2 * Pow2<N - 1>::value; };
template <> struct Pow2<0> { static const int value = 1; };
__global__ void k(int *out) {
  __shared__ int s[520];
  s[Pow2<0>::value * threadIdx.x] = threadIdx.x;
  s[8 * threadIdx.x + 1] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
