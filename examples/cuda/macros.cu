// Macros and conditional compilation: by default each thread writes its own cell; with
// `-D SHARE_CELL` every thread writes cell 0 of the output (a write-write race).
// check: --block-dim 32 --grid-dim 4 => exact drf exit=0
// check: --block-dim 32 --grid-dim 4 -D SHARE_CELL => exact racy exit=1
#include <cuda_runtime.h>
#include "macros_index.h"

#ifdef SHARE_CELL
#define TARGET(i) 0
#else
#define TARGET(i) (i)
#endif

__global__ void fill(int *out) {
  out[TARGET(GLOBAL_ID)] = SCALE * threadIdx.x;
}

// Host code next to the kernel is skipped.
int main() {
  int *d;
  cudaMalloc(&d, 128);
  fill<<<1, 32>>>(d);
  return 0;
}
