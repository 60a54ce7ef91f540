//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Records by declaration (issue 32 item 1): Outer::Cfg {off, mul} is nested in Outer, beside
// a file-scope Cfg {mul, off}. n = {off 1, mul 2} writes s[2t + 1]; f = {mul 2, off 0} writes
// s[2t]: every cell one thread's: race-free. (n read with the file-scope layout would write
// s[t + 2], a race.)
struct Cfg { int mul; int off; };
struct Outer { struct Cfg { int off; int mul; }; };
__global__ void k(int *out) {
  __shared__ int s[130];
  Outer::Cfg n = {1, 2};
  Cfg f = {2, 0};
  s[n.mul * threadIdx.x + n.off] = threadIdx.x;
  s[f.mul * threadIdx.x + f.off] = threadIdx.x + 100;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
