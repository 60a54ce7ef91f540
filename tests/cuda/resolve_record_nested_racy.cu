//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of resolve_record_nested.cu: n = Outer::Cfg {off 2, mul 1} writes s[t + 2], f = {mul 2,
// off 0} writes s[2t]: thread 4 writes s[6] through n and thread 3 through f: a race. (n read
// with the file-scope layout would be mul 2, off 1: s[2t + 1], no race.)
struct Cfg { int mul; int off; };
struct Outer { struct Cfg { int off; int mul; }; };
__global__ void k(int *out) {
  __shared__ int s[130];
  Outer::Cfg n = {2, 1};
  Cfg f = {2, 0};
  s[n.mul * threadIdx.x + n.off] = threadIdx.x;
  s[f.mul * threadIdx.x + f.off] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
