//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a `static const` member initialised through another
// instance of its class template was read as memory, and races were "confirmed".)
// Pow2<2>::value = 4: thread t stores s[4t] and s[2t+2]: thread 1 stores s[4] and thread 2
// stores s[4] (different values): write-write race.
template <int N> struct Pow2 { static const int value = 2 * Pow2<N - 1>::value; };
template <> struct Pow2<0> { static const int value = 1; };
__global__ void k(int *out) {
  __shared__ int s[256];
  s[Pow2<2>::value * threadIdx.x] = threadIdx.x;
  s[2 * threadIdx.x + 2] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
