// Tree reduction in shared memory with sequential addressing (`s >>= 1`): the barrier inside
// the loop separates the rounds, so every round reads what the previous round wrote: race free.
// check: --block-dim 64 --grid-dim 8 => exact drf exit=0
// Without a geometry the launch conventions take blocks of (x, 1, 1), as the kernel reads only
// threadIdx.x: race free among the accesses in bounds, but a block of more than 64 threads
// indexes `sdata[64]` out of bounds (thread 64 writes sdata[64]): `out-of-bounds` findings,
// and the verdict is `unknown` (races were decided among accesses in bounds only; issue 34
// item 4). For every launch (`--any-launch`) the block may have a second row:
// threads (0, 0) and (0, 1) both write sdata[0], a race.
// check: => exact unknown exit=1
// check: --any-launch => exact racy exit=1
#define BLOCK 64

__global__ void reduce(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = in[i];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
