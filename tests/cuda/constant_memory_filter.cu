//pass
//--blockDim=128 --gridDim=16
// mapcheck: exact
// 1-D convolution with the filter taps in __constant__ memory (read-only for kernels) and a
// shared tile with a halo loaded in two strided passes: cells t and t + 128 of the tile
// (t + 128 < 128 + 2 * 4 only for t < 8). Each tile cell has one loader; the barrier precedes
// the convolution; each thread writes one output.

#define FILTER_RADIUS 4
#define BLOCK 128

__constant__ float c_filter[2 * FILTER_RADIUS + 1];

__global__ void convolve(const float *in, float *out, int n)
{
    __shared__ float tile[BLOCK + 2 * FILTER_RADIUS];
    int base = blockIdx.x * BLOCK - FILTER_RADIUS;
    for (int k = threadIdx.x; k < BLOCK + 2 * FILTER_RADIUS; k += BLOCK) {
        int g = base + k;
        tile[k] = (g >= 0 && g < n) ? in[g] : 0.0f;
    }
    __syncthreads();
    float acc = 0.0f;
    for (int j = 0; j < 2 * FILTER_RADIUS + 1; ++j)
        acc += c_filter[j] * tile[threadIdx.x + j];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    if (i < n)
        out[i] = acc;
}
