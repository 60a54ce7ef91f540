//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// `bit_reverse_math.cu` without its barrier: thread 1 reads s[1] while thread 32 (whose 6-bit
// reversal is 1) writes s[1], in the same barrier interval: a read-write race on `s`.
#include <math_constants.h>
#include "common.h"

__global__ void bitReverse(const float *in, float *out)
{
    __shared__ float s[THREADS];
    unsigned int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    float x = in[i];
    float sn, cs, sn2, cs2;
    __sincosf(x, &sn, &cs);
    sincosf(x * CUDART_PI_F, &sn2, &cs2);
    int e;
    float m = frexpf(x, &e);
    float y = __saturatef(sn) + rsqrtf(1.0f + cs * cs) + __fdividef(sn2, 2.0f + cs2)
              + fminf(m, 1.0f) + __expf(-x) + __powf(x, 2.0f) + copysignf(1.0f, x)
              + __int_as_float(__float_as_int(x)) + (float)__float2int_rn(x) + (float)__popc(t);
    s[__brev(t) >> 26] = y * (float)e;
    out[i] = s[t];
}

int main(void)
{
    int n = THREADS * 2;
    float *h = (float *)malloc(n * sizeof(float));
    fill_random(h, n);
    float *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CHECK(cudaMalloc(&d_out, n * sizeof(float)));
    CHECK(cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice));
    bitReverse<<<2, THREADS>>>(d_in, d_out);
    CHECK(cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    printf("%f\n", h[1]);
    cudaFree(d_in);
    cudaFree(d_out);
    free(h);
    return 0;
}
