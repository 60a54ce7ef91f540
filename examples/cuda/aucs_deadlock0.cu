// AuCS, the GKLEE test `deadlock_0`, in CUDA: only the odd threads wait at the barrier, so a
// block of two threads or more diverges. The barrier orders nothing (each thread touches its
// own cell), so `mapcheck fix` removes it.
// check: --block-dim 64 --grid-dim 8 => exact drf divergent exit=1
// check: --block-dim 1 --grid-dim 8 => exact drf exit=0
#define BLOCK 128

__global__ void deadlock_0(int *out) {
  __shared__ int A[BLOCK];
  unsigned tid = threadIdx.x;
  A[tid] = tid;
  if (tid % 2 == 1) {
    __syncthreads();
  }
  A[tid] = A[tid] + 1;
  out[blockIdx.x * blockDim.x + tid] = A[tid];
}
