//pass
//--blockDim=[32,4] --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the stored float values are not computed (`?`), so mapcheck cannot prove them equal
// A 1-D kernel launched with 2-D blocks (issue 14): it reads only threadIdx.x, so the four
// threads (x, 0) .. (x, 3) of a block compute the same index and all write out[32 * b + x]:
// a write-write race. The geometry is the launch's, not what the kernel reads.
// Truth (SPEC §7): a write-write race in which both threads store the same value is a
// benign race — advice, verdict drf — and here the four threads (x, 0) .. (x, 3) all read in[i] and store 2.0f * in[i] (in is never written, so both read
// the same value): the kernel is race free in that sense, though GPUVerify would flag it.

__global__ void scale_1d(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 2.0f * in[i];
}
