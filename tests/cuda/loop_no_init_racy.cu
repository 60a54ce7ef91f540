//pass
//--blockDim=128 --gridDim=2 -DN=4096
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the stored float values are not computed (`?`), so mapcheck cannot prove them equal
// The counter declared before the loop starts at threadIdx.x only (the block offset is
// forgotten): threads t of blocks 0 and 1 both write out[t]: a write-write race between
// blocks.
// Truth (SPEC §7): a write-write race in which both threads store the same value is a
// benign race — advice, verdict drf — and here threads t of blocks 0 and 1 both read in[i] and store in[i] + 1.0f (in is never written, so both read
// the same value): the kernel is race free in that sense, though GPUVerify would flag it.

__global__ void grid_stride_no_init_bad(const float *in, float *out)
{
    int i = threadIdx.x;
    for (; i < N; i += blockDim.x * gridDim.x)
        out[i] = in[i] + 1.0f;
}
