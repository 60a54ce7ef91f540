//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (Found by a probe of session 18: a local struct was read with the layout of the file-scope
// struct of the same name — false proven races and missed races.)
// The kernel's own struct Cfg {off, mul} shadows the file-scope Cfg {mul, off}. c = {1, 2}
// gives off = 1, mul = 2: thread t writes s[2t + 1]; the other store is s[2t]: race-free.
// (Read with the file-scope layout, c would be mul = 1, off = 2: s[t + 2], colliding.)
struct Cfg { int mul; int off; };
__global__ void k(int *out) {
  struct Cfg { int off; int mul; };
  __shared__ int s[130];
  Cfg c = {1, 2};
  s[c.mul * threadIdx.x + c.off] = threadIdx.x;
  s[2 * threadIdx.x] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
