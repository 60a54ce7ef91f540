//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of resolve_record_auto_make.cu: make returns the file-scope Cfg {mul 1, off 2}, so g
// writes s[t + 2]; l = {off 1, mul 2} writes s[2t + 1]: thread 3 writes s[5] through g and
// thread 2 through l: a race. (g read with the local layout would be off 1, mul 2: s[2t + 1],
// each thread's own cell, no race.)
struct Cfg { int mul; int off; };
__device__ Cfg make() { Cfg c = {1, 2}; return c; }
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
