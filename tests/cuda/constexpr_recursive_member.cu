//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a `static const` member initialised through another
// instance of its class template was read as memory, and races were "confirmed".)
// Pow2<1>::value = 2 * Pow2<0>::value = 2, a compile-time constant (static const member
// initialised by template recursion). Thread t stores s[2t] and s[2t+1]: its own cells:
// race-free. (mapcheck reads `value` as a global memory cell and "confirms" a race.)
template <int N> struct Pow2 { static const int value = 2 * Pow2<N - 1>::value; };
template <> struct Pow2<0> { static const int value = 1; };
__global__ void k(int *out) {
  __shared__ int s[128];
  s[Pow2<1>::value * threadIdx.x] = threadIdx.x;
  s[2 * threadIdx.x + 1] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
