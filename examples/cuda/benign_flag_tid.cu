// The twin of benign_flag.cu: each thread stores its own index, so the stores differ and the
// race on `*flag` is a data race.
// check: --block-dim 64 => exact racy exit=1
// One block by the launch conventions (no blockIdx read); `--any-launch` adds the race between
// blocks.
// findings: --block-dim 64 => data-race/proven/write-write
// check: --block-dim 64 --any-launch => exact racy exit=1
// findings: --block-dim 64 --any-launch => data-race/proven/write-write data-race/proven/write-write/grid
__global__ void last_writer(int *flag) {
  *flag = threadIdx.x;
}
