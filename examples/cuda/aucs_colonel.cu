// AuCS, the GKLEE test `colonel`, in CUDA: every thread stores into the same shared cell in one
// statement (write-write), then reads it. No barrier orders a statement against itself, so
// `mapcheck fix` refuses, with that reason.
// check: --block-dim 64 => exact racy exit=1
// check: --block-dim 1 --grid-dim 8 => exact drf exit=0
__global__ void colonel(int *out) {
  __shared__ int flag;
  unsigned tid = threadIdx.x;
  flag = tid / 2 + tid;
  out[blockIdx.x * blockDim.x + tid] = flag;
}
