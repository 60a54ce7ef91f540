//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of resolve_record_template_local.cu: l = local Cfg {off 2, mul 1} gives t + 2, f gives
// 2t: thread 4 writes s[6] through l and thread 3 through f: a race. (l read with the
// file-scope layout would be mul 2, off 1: 2t + 1, no race.)
struct Cfg { int mul; int off; };
template <class C> __device__ int idx(C c, int t) { return c.mul * t + c.off; }
__global__ void k(int *out) {
  struct Cfg { int off; int mul; };
  __shared__ int s[130];
  Cfg l = {2, 1};
  ::Cfg f = {2, 0};
  s[idx(l, threadIdx.x)] = threadIdx.x;
  s[idx(f, threadIdx.x)] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
