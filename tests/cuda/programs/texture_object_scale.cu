//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// Scaling an array read through a texture object (cudaCreateTextureObject over linear memory,
// CUDA 12's way): thread i fetches element i with tex1Dfetch<float> and writes out[i], its own
// cell, with i = blockIdx.x * blockDim.x + threadIdx.x distinct across the 4 x 64 launch.
#include <cuda_runtime.h>
#include <string.h>
#include "common.h"

__global__ void scaleFromTexture(cudaTextureObject_t tex, float *out, float k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = k * tex1Dfetch<float>(tex, i);
}

int main(void)
{
    int n = THREADS * BLOCKS;
    size_t bytes = n * sizeof(float);
    float *h = (float *)malloc(bytes);
    fill_random(h, n);
    float *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, bytes));
    CHECK(cudaMalloc(&d_out, bytes));
    CHECK(cudaMemcpy(d_in, h, bytes, cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = d_in;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = bytes;
    cudaTextureDesc td;
    memset(&td, 0, sizeof(td));
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex = 0;
    CHECK(cudaCreateTextureObject(&tex, &res, &td, NULL));
    scaleFromTexture<<<BLOCKS, THREADS>>>(tex, d_out, 2.0f, n);
    CHECK(cudaMemcpy(h, d_out, bytes, cudaMemcpyDeviceToHost));
    printf("%f\n", h[0]);
    CHECK(cudaDestroyTextureObject(tex));
    cudaFree(d_in);
    cudaFree(d_out);
    free(h);
    return EXIT_SUCCESS;
}
