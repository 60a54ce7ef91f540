//xfail:data-race
//--blockDim=[16,8] --gridDim=[4,2]
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The column pass of `convolutionSeparable` with an off-by-one in the upper apron: it is
// staged at s_Data[x][y + 8 i + 1] instead of y + 8 i. For i = 0, thread (x, 7) writes
// s_Data[x][8], which thread (x, 0) writes as its first main-data pixel (i = 1: 0 + 8) in the
// same barrier interval: a write-write race (with different values).

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
        s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y + 1] =
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
