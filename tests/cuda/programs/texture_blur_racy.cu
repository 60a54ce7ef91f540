//xfail:data-race
//--blockDim=[8,8] --gridDim=[2,2]
// mapcheck: exact
// `texture_blur.cu` accumulating into its output: thread (x, y) also reads out[y * W + x + 1],
// the cell thread (x + 1, y) writes (for x = W - 1 it is the first cell of row y + 1, written by
// thread (0, y + 1)). Nothing orders the read and the write: a read-write race on `out`, for
// example between threads (0, 0) and (1, 0) of block (0, 0) on out[1].
#include <cuda_runtime.h>
#include <cuda_texture_types.h>
#include "common.h"

#define W 16
#define H 16

texture<float, 2, cudaReadModeElementType> texIn;

__global__ void boxBlur(float *out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H) {
        float s = tex2D(texIn, x - 1, y) + tex2D(texIn, x, y) + tex2D(texIn, x + 1, y);
        out[y * W + x] = s / 3.0f + out[y * W + x + 1];
    }
}

int main(void)
{
    size_t bytes = W * H * sizeof(float);
    float *h_img = (float *)malloc(bytes);
    fill_random(h_img, W * H);
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray *arr;
    CHECK(cudaMallocArray(&arr, &desc, W, H));
    CHECK(cudaMemcpy2DToArray(arr, 0, 0, h_img, W * sizeof(float), W * sizeof(float), H,
                              cudaMemcpyHostToDevice));
    texIn.addressMode[0] = cudaAddressModeClamp;
    texIn.addressMode[1] = cudaAddressModeClamp;
    texIn.filterMode = cudaFilterModePoint;
    texIn.normalized = false;
    CHECK(cudaBindTextureToArray(texIn, arr, desc));
    float *d_out;
    CHECK(cudaMalloc(&d_out, bytes));
    dim3 block(8, 8), grid(W / 8, H / 8);
    boxBlur<<<grid, block>>>(d_out);
    CHECK(cudaMemcpy(h_img, d_out, bytes, cudaMemcpyDeviceToHost));
    printf("%f\n", h_img[0]);
    CHECK(cudaUnbindTexture(texIn));
    CHECK(cudaFreeArray(arr));
    CHECK(cudaFree(d_out));
    free(h_img);
    return 0;
}
