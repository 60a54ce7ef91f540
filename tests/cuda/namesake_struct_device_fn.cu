//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a local struct was read with the layout of the file-scope
// struct of the same name — false proven races and missed races.)
// helper's local Cfg {off, mul} shadows the file-scope Cfg {mul, off}: {1, 2} = off 1, mul 2:
// helper returns 2t + 1 (odd) vs s[2t]: race-free.
struct Cfg { int mul; int off; };
__device__ int helper(int t) { struct Cfg { int off; int mul; }; Cfg c = {1, 2}; return c.mul * t + c.off; }
__global__ void k(int *out) {
  __shared__ int s[130];
  s[helper(threadIdx.x)] = threadIdx.x;
  s[2 * threadIdx.x] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
