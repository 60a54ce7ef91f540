//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A constant local lookup table (thread-private, initialised from constants): offs[t % 2] is 0
// for even and 32 for odd threads, so s[offs[t % 2] + t / 2] deinterleaves the block, a
// bijection: race free. The table's contents are constants, not memory the kernel reads from
// its inputs.

__global__ void deinterleave_table(const float *in, float *out)
{
    __shared__ float s[64];
    const int offs[2] = {0, 32};
    int t = threadIdx.x;
    s[offs[t % 2] + t / 2] = in[t];
    __syncthreads();
    out[t] = s[t];
}
