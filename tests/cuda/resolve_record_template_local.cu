//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Records by declaration (issue 32 item 1): the template idx is instantiated with the
// kernel's local Cfg {off, mul} and with the file-scope Cfg {mul, off} (`::Cfg`), whose types
// both print as `Cfg`. l = {off 1, mul 2} gives 2t + 1; f = {mul 2, off 0} gives 2t: every
// cell one thread's: race-free. (Either read with the other's layout collides.)
struct Cfg { int mul; int off; };
template <class C> __device__ int idx(C c, int t) { return c.mul * t + c.off; }
__global__ void k(int *out) {
  struct Cfg { int off; int mul; };
  __shared__ int s[130];
  Cfg l = {1, 2};
  ::Cfg f = {2, 0};
  s[idx(l, threadIdx.x)] = threadIdx.x;
  s[idx(f, threadIdx.x)] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
