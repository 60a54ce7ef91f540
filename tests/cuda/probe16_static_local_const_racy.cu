//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The twin of probe16_static_local_const.cu with STRIDE = K - 1 = 1: thread i writes out[i] and
// out[i + 1] = i, thread i + 1 writes out[i + 1] = i + 1: a write-write race with different
// values (threads 0 and 1 on out[1]; threads 63 and 64, in different blocks, on out[64]).

__global__ void pairs_overlap(int *out)
{
    static constexpr int K = 2;
    static const unsigned STRIDE = K - 1;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < K; ++k)
        out[i * STRIDE + k] = i;
}
