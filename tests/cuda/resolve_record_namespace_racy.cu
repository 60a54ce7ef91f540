//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of resolve_record_namespace.cu: g = geo::Key {off 2, mul 1}, so at gives t + 2; f
// writes s[2t]: thread 4 writes s[6] through g and thread 3 through f: a race. (g read with
// the file-scope layout would be mul 2, off 1: s[2t + 1], no race.)
struct Key { int mul; int off; };
namespace geo {
struct Key { int off; int mul; };
__device__ int at(Key k, int t) { return k.mul * t + k.off; }
}
__global__ void k(int *out) {
  __shared__ int s[130];
  geo::Key g = {2, 1};
  Key f = {2, 0};
  s[geo::at(g, threadIdx.x)] = threadIdx.x;
  s[f.mul * threadIdx.x + f.off] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
