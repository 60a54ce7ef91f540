//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// `static constexpr` and `static const` integer locals as sizes and strides (Session 16 probe:
// every `static` local was refused with a located error, also a constant one). K = 2,
// STRIDE = K * 2 = 4: thread i (0..127) writes out[4i] and out[4i + 1], cells no other thread
// writes. Race free.

__global__ void pairs(int *out)
{
    static constexpr int K = 2;
    static const unsigned STRIDE = K * 2;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < K; ++k)
        out[i * STRIDE + k] = i;
}
