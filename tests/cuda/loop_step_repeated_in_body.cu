//pass
//--blockDim=64 --gridDim=1 -DN=1024
// mapcheck: exact
// A canonical `for` whose step is also taken once in the body (a hand-unrolled pair): each
// iteration thread t copies cell i and cell i + 64 (i + blockDim.x) and the loop moves on by
// 128 in all. The condition `i + blockDim.x < N` keeps both cells below N. Thread t touches
// only cells t + 64k: every cell has one writer, nothing is read from out. Race free.

__global__ void copy_pairs(const float *in, float *out)
{
    for (int i = threadIdx.x; i + (int)blockDim.x < N; i += blockDim.x) {
        out[i] = in[i] + threadIdx.x;
        i += blockDim.x;
        out[i] = in[i] + threadIdx.x;
    }
}
