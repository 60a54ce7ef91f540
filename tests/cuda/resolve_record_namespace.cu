//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Records by declaration (issue 32 item 1): geo::Key {off, mul} beside a file-scope Key {mul,
// off}; geo::at takes the namespace's Key (written `Key` inside geo). g = {off 1, mul 2}: at
// gives 2t + 1; f = {mul 2, off 0} writes s[2t]: every cell one thread's: race-free. (g read
// with the file-scope layout would give t + 2, a race.)
struct Key { int mul; int off; };
namespace geo {
struct Key { int off; int mul; };
__device__ int at(Key k, int t) { return k.mul * t + k.off; }
}
__global__ void k(int *out) {
  __shared__ int s[130];
  geo::Key g = {1, 2};
  Key f = {2, 0};
  s[geo::at(g, threadIdx.x)] = threadIdx.x;
  s[f.mul * threadIdx.x + f.off] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
