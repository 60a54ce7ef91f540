// AuCS's neighbour update `a[i] += a[i+1]`, in CUDA: thread i reads cell i + 1 while thread
// i + 1 writes it (read-write), all in one statement, where no barrier can go. `mapcheck fix`
// refuses and says to split the statement.
// check: --block-dim 64 => exact racy exit=1
// check: --block-dim 1 --grid-dim 8 => exact drf exit=0
#define BLOCK 128

__global__ void compound_neighbour(int *out) {
  __shared__ int a[BLOCK];
  unsigned i = threadIdx.x;
  unsigned g = blockIdx.x * blockDim.x + i;
  a[i] = out[g];
  __syncthreads();
  a[i] += a[(i + 1) % blockDim.x];
  out[g] = a[i];
}
