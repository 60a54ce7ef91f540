//pass
//--blockDim=[16,16] --gridDim=[2,2]
// mapcheck: exact
// `__umul24` in a 2-D index (the CUDA samples' matrix code): row = __umul24(blockIdx.y,
// blockDim.y) + threadIdx.y, col likewise, index = __umul24(row, W) + col with W = 32 the
// matrix width: the products stay below 2^24, so the index is row-major and injective: race
// free. Host check: host/intrin_umul24.cpp.

#define W 32

__global__ void matrix_scale24(float *m, float k)
{
    unsigned row = __umul24(blockIdx.y, blockDim.y) + threadIdx.y;
    unsigned col = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
    m[__umul24(row, W) + col] *= k;
}
