//pass
//--blockDim=[16,16] --gridDim=[4,4]
// mapcheck: exact
// CUDA samples `matrixMul`, matrixMulCUDA<BLOCK_SIZE>: C = A * B with square tiles. The loop
// walks A along a row of tiles (`a += aStep`) and B down a column (`b += bStep`) together
// (a comma-separated step). In each iteration thread (tx, ty) writes As[ty][tx] and
// Bs[ty][tx] (its own cells), a barrier, every thread reads row ty of As and column tx of Bs,
// and a second barrier keeps the next iteration's loads from overwriting tiles still being
// read. Each thread writes one C element; GPUVerify-style preconditions tie the widths to the
// grid (wB = gridDim.x * BLOCK_SIZE), so distinct threads of distinct blocks write distinct
// C cells: race free.

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

        __syncthreads();
    }

    int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
    C[c + wB * ty + tx] = Csub;
}

template __global__ void matrixMulCUDA<16>(float *C, float *A, float *B, int wA, int wB);
