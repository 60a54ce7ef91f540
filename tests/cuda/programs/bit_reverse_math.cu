//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// A bit-reversal permutation of each block's 64 elements through shared memory, with the
// element transformed by CUDA's math API on the way (__sincosf, sincosf, frexpf, __saturatef,
// rsqrtf, __fdividef, fminf, __expf, __powf, copysignf, __float2int_rn, __int_as_float,
// __float_as_int, __popc). Thread t writes s[__brev(t) >> 26], the 6-bit reversal of t: a
// permutation of 0..63, so each cell has one writer; after the barrier thread t reads s[t] and
// writes out[i], its own cell. The math functions only compute values (sincosf writes the two
// locals it is given).
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
    __syncthreads();
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
