// A flag set by every thread that sees a positive input: all store `1`, so the race on `*flag`
// is benign (GPUVerify, Faial and GKLEE verify this kernel); `--strict` counts it.
// check: --block-dim 64 => data-dependent drf exit=0
// check: --block-dim 64 --strict => data-dependent racy exit=1
// The kernel never reads blockIdx or gridDim: by the launch conventions it runs as one block,
// so only the block-level race is found; `--any-launch` adds the one between blocks.
// findings: --block-dim 64 => benign-race/confirmed/write-write
// check: --block-dim 64 --any-launch => data-dependent drf exit=0
// findings: --block-dim 64 --any-launch => benign-race/confirmed/write-write benign-race/confirmed/write-write/grid
__global__ void any_positive(int *flag, const int *in) {
  if (in[threadIdx.x] > 0)
    *flag = 1;
}
