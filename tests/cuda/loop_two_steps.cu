//pass
//--blockDim=64 --gridDim=1 -DN=1024
// mapcheck: exact
// A loop unrolled by hand, stepping its counter twice per iteration (issue 20): each
// iteration handles i and i + 64, with `i += blockDim.x` after each. Thread t touches only
// cells congruent to t modulo 64: race free.

__global__ void copy_unrolled(const float *in, float *out)
{
    for (int i = threadIdx.x; i + (int)blockDim.x < N;) {
        out[i] = in[i];
        i += blockDim.x;
        out[i] = in[i];
        i += blockDim.x;
    }
}
