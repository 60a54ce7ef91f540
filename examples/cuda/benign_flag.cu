// A flag set by every thread that sees a positive input: all store `1`, so the race on `*flag`
// is benign (GPUVerify, Faial and GKLEE verify this kernel); `--strict` counts it.
// check: --block-dim 64 => data-dependent drf exit=0
// check: --block-dim 64 --strict => data-dependent racy exit=1
// findings: --block-dim 64 => benign-race/confirmed/write-write benign-race/confirmed/write-write/grid
__global__ void any_positive(int *flag, const int *in) {
  if (in[threadIdx.x] > 0)
    *flag = 1;
}
