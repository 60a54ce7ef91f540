//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `auto &row = t[k]` deduces a reference to a row of a 2-D shared array (`int &[8]` as clang
// prints it): thread x writes t[x % 8][x / 16], so threads 0 and 8 both write t[0][0].
// Racy.
__global__ void k(int *out) {
  __shared__ int t[8][8];
  auto &row = t[threadIdx.x % 8];
  row[threadIdx.x / 16] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x / 8][threadIdx.x % 8];
}
