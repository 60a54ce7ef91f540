//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Records by declaration (issue 32 item 1): `auto g = make()` holds the file-scope Cfg
// {mul, off} that make returns, while the kernel's own Cfg {off, mul} is in scope and prints
// exactly alike. g = {mul 2, off 0} writes s[2t]; l = {off 1, mul 2} writes s[2t + 1]: every
// cell one thread's, read after the barrier: race-free. (g read with the local layout would
// be off 2, mul 0: s[2] for every thread, a race.)
struct Cfg { int mul; int off; };
__device__ Cfg make() { Cfg c = {2, 0}; return c; }
__global__ void k(int *out) {
  struct Cfg { int off; int mul; };
  __shared__ int s[130];
  auto g = make();
  Cfg l = {1, 2};
  s[g.mul * threadIdx.x + g.off] = threadIdx.x;
  s[l.mul * threadIdx.x + l.off] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
