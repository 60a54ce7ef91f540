//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a local struct was read with the layout of the file-scope
// struct of the same name — false proven races and missed races.)
// The kernel's own Cfg {off, mul}: c = {2, 1} gives off = 2, mul = 1: s[t + 2] collides with
// s[2t'] (t = 2: s[4] = thread 2's s[2*2]... and thread 0's s[2]= thread 1's s[2]): race.
// (With the file-scope layout {mul, off} it would be s[2t + 1]: odd, no collision.)
struct Cfg { int mul; int off; };
__global__ void k(int *out) {
  struct Cfg { int off; int mul; };
  __shared__ int s[130];
  Cfg c = {2, 1};
  s[c.mul * threadIdx.x + c.off] = threadIdx.x;
  s[2 * threadIdx.x] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
