// AuCS, the GKLEE test `deadlock_2`, in CUDA: the first half of the block waits at one barrier
// and the second half at another — different barriers, so the block diverges (on a GPU this
// can hang). Nothing needs either barrier; `mapcheck fix` removes both.
// check: --block-dim 64 --grid-dim 8 => exact drf divergent exit=1
#define BLOCK 128

__global__ void deadlock_2(int *out) {
  __shared__ int A[BLOCK];
  unsigned tid = threadIdx.x;
  if (tid < blockDim.x / 2) {
    A[tid] = 1;
    __syncthreads();
  } else {
    A[tid] = 2;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = A[tid];
}
