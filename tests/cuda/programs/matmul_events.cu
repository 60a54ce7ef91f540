//pass
//--blockDim=[8,8] --gridDim=[2,2]
// mapcheck: exact
// Tiled matrix multiplication C = A * B of WIDTH x WIDTH matrices as the CUDA samples write it:
// `helper_cuda.h`'s checkCudaErrors, cudaEvent timing, dim3 launch geometry. Per phase m the
// block loads one TILE x TILE tile of A and of B into shared memory (thread (tx, ty) writes
// As[ty][tx] and Bs[ty][tx] only), synchronises (the tiles are complete), reads row ty of As and
// column tx of Bs, and synchronises again (nobody overwrites a tile another thread still
// reads). Every shared write and the reads of other threads' cells are in different barrier
// intervals; C[row][col] is written by the one thread of that row and column.
#include <helper_cuda.h>
#include "common.h"

#define WIDTH 16

__global__ void matrixMul(const float *A, const float *B, float *C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int m = 0; m < WIDTH / TILE; ++m) {
        As[ty][tx] = A[row * WIDTH + m * TILE + tx];
        Bs[ty][tx] = B[(m * TILE + ty) * WIDTH + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * WIDTH + col] = sum;
}

int main(int argc, char **argv)
{
    size_t bytes = WIDTH * WIDTH * sizeof(float);
    float *h_A = (float *)malloc(bytes), *h_B = (float *)malloc(bytes), *h_C = (float *)malloc(bytes);
    fill_random(h_A, WIDTH * WIDTH);
    fill_random(h_B, WIDTH * WIDTH);
    float *d_A, *d_B, *d_C;
    checkCudaErrors(cudaMalloc((void **)&d_A, bytes));
    checkCudaErrors(cudaMalloc((void **)&d_B, bytes));
    checkCudaErrors(cudaMalloc((void **)&d_C, bytes));
    checkCudaErrors(cudaMemcpy(d_A, h_A, bytes, cudaMemcpyHostToDevice));
    checkCudaErrors(cudaMemcpy(d_B, h_B, bytes, cudaMemcpyHostToDevice));
    cudaEvent_t start, stop;
    checkCudaErrors(cudaEventCreate(&start));
    checkCudaErrors(cudaEventCreate(&stop));
    dim3 threads(TILE, TILE);
    dim3 grid(WIDTH / threads.x, WIDTH / threads.y);
    checkCudaErrors(cudaEventRecord(start));
    matrixMul<<<grid, threads>>>(d_A, d_B, d_C);
    getLastCudaError("matrixMul failed");
    checkCudaErrors(cudaEventRecord(stop));
    checkCudaErrors(cudaEventSynchronize(stop));
    float ms = 0.0f;
    checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
    checkCudaErrors(cudaMemcpy(h_C, d_C, bytes, cudaMemcpyDeviceToHost));
    printf("Time= %.3f msec, C[0] = %f\n", ms, h_C[0]);
    checkCudaErrors(cudaEventDestroy(start));
    checkCudaErrors(cudaEventDestroy(stop));
    checkCudaErrors(cudaFree(d_A));
    checkCudaErrors(cudaFree(d_B));
    checkCudaErrors(cudaFree(d_C));
    free(h_A);
    free(h_B);
    free(h_C);
    exit(EXIT_SUCCESS);
}
