//xfail:data-race
//--blockDim=[16,16] --gridDim=[4,4]
// mapcheck: exact
// CUDA samples `matrixMul` with the second __syncthreads() of the tile loop removed. A fast
// thread starts the next iteration and overwrites As[ty][tx] with the next tile while
// thread (k = tx, ty) of the same row may still read As[ty][tx] in the product loop of the
// current iteration: in the barrier interval between the first barrier of iteration a and
// the first barrier of iteration a + 1, thread (0, 0) reads As[0][1] and thread (1, 0)
// writes it. (Only the two-iteration case races: with wA = 4 * 16 there are four.)

template <int BLOCK_SIZE>
__global__ void matrixMulCUDA(float *C, float *A, float *B, int wA, int wB)
{
    __requires(wA == gridDim.x * BLOCK_SIZE);
    __requires(wB == gridDim.x * BLOCK_SIZE);

    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    int aBegin = wA * BLOCK_SIZE * by;
    int aEnd = aBegin + wA - 1;
    int aStep = BLOCK_SIZE;
    int bBegin = BLOCK_SIZE * bx;
    int bStep = BLOCK_SIZE * wB;

    float Csub = 0;

    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];

        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];

        __syncthreads();

#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; ++k) {
            Csub += As[ty][k] * Bs[k][tx];
        }
        // missing __syncthreads();
    }

    int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
    C[c + wB * ty + tx] = Csub;
}

template __global__ void matrixMulCUDA<16>(float *C, float *A, float *B, int wA, int wB);
