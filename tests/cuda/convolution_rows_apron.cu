//pass
//--blockDim=[16,4] --gridDim=[4,8]
// mapcheck: exact
// CUDA samples `convolutionSeparable`, row pass: each block stages
// HALO + RESULT + HALO tiles of 16 pixels per row in shared memory (left apron, main data,
// right apron), one row per threadIdx.y. Thread (x, y) writes s_Data[y][x + i * 16] for each
// i: distinct cells per thread. After the barrier each thread reads
// s_Data[y][x + i * 16 + j] for |j| <= KERNEL_RADIUS (reads only) and writes its own output
// pixels; the preconditions make the image rows as wide as the grid covers and the pitch at
// least the width, so distinct blocks write distinct pixels: race free.

#define KERNEL_RADIUS 8
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 4
#define ROWS_HALO_STEPS 1

__constant__ float c_Kernel[2 * KERNEL_RADIUS + 1];

__global__ void convolutionRowsKernel(float *d_Dst, float *d_Src, int imageW, int imageH,
                                      int pitch)
{
    __requires(imageW == gridDim.x * ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X);
    __requires(pitch >= imageW);

    __shared__ float s_Data[ROWS_BLOCKDIM_Y]
                           [(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];

    const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X +
                      threadIdx.x;
    const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;

    d_Src += baseY * pitch + baseX;
    d_Dst += baseY * pitch + baseX;

#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = d_Src[i * ROWS_BLOCKDIM_X];
    }

#pragma unroll
    for (int i = 0; i < ROWS_HALO_STEPS; i++) {
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
            (baseX >= -i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
    }

#pragma unroll
    for (int i = ROWS_HALO_STEPS + ROWS_RESULT_STEPS;
         i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; i++) {
        s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
            (imageW - baseX > i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
    }

    __syncthreads();

#pragma unroll
    for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
        float sum = 0;
#pragma unroll
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++) {
            sum += c_Kernel[KERNEL_RADIUS - j] *
                   s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
        }
        d_Dst[i * ROWS_BLOCKDIM_X] = sum;
    }
}
