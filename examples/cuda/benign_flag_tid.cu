// The twin of benign_flag.cu: each thread stores its own index, so the stores differ and the
// race on `*flag` is a data race.
// check: --block-dim 64 => exact racy exit=1
__global__ void last_writer(int *flag) {
  *flag = threadIdx.x;
}
