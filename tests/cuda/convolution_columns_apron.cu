//pass
//--blockDim=[16,8] --gridDim=[4,2]
// mapcheck: exact
// CUDA samples `convolutionSeparable`, column pass: the block stages, per image column
// threadIdx.x, HALO + RESULT + HALO vertical tiles of 8 pixels into
// s_Data[x][y + i * 8] (row padded by one element against bank conflicts). Thread (x, y) owns
// the cells with second index y + 8 i: distinct per thread. One barrier, then each thread
// reads s_Data[x][y + 8 i + j] for |j| <= 8 and writes its own output pixels. The
// preconditions size the image so that distinct blocks write distinct pixels: race free.

#define KERNEL_RADIUS 8
#define COLUMNS_BLOCKDIM_X 16
#define COLUMNS_BLOCKDIM_Y 8
#define COLUMNS_RESULT_STEPS 4
#define COLUMNS_HALO_STEPS 1

__constant__ float c_Kernel[2 * KERNEL_RADIUS + 1];

__global__ void convolutionColumnsKernel(float *d_Dst, float *d_Src, int imageW, int imageH,
                                         int pitch)
{
    __requires(imageW == gridDim.x * COLUMNS_BLOCKDIM_X);
    __requires(imageH == gridDim.y * COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y);
    __requires(pitch >= imageW);

    __shared__ float s_Data[COLUMNS_BLOCKDIM_X]
                           [(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) *
                                COLUMNS_BLOCKDIM_Y + 1];

    const int baseX = blockIdx.x * COLUMNS_BLOCKDIM_X + threadIdx.x;
    const int baseY = (blockIdx.y * COLUMNS_RESULT_STEPS - COLUMNS_HALO_STEPS) *
                          COLUMNS_BLOCKDIM_Y + threadIdx.y;
    d_Src += baseY * pitch + baseX;
    d_Dst += baseY * pitch + baseX;

#pragma unroll
    for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++) {
        s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
            d_Src[i * COLUMNS_BLOCKDIM_Y * pitch];
    }

#pragma unroll
    for (int i = 0; i < COLUMNS_HALO_STEPS; i++) {
        s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
            (baseY >= -i * COLUMNS_BLOCKDIM_Y) ? d_Src[i * COLUMNS_BLOCKDIM_Y * pitch] : 0;
    }

#pragma unroll
    for (int i = COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS;
         i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS + COLUMNS_HALO_STEPS; i++) {
        s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
            (imageH - baseY > i * COLUMNS_BLOCKDIM_Y) ? d_Src[i * COLUMNS_BLOCKDIM_Y * pitch]
                                                       : 0;
    }

    __syncthreads();

#pragma unroll
    for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++) {
        float sum = 0;
#pragma unroll
        for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++) {
            sum += c_Kernel[KERNEL_RADIUS - j] *
                   s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y + j];
        }
        d_Dst[i * COLUMNS_BLOCKDIM_Y * pitch] = sum;
    }
}
