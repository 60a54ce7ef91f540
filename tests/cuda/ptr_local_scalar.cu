//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A pointer to a local scalar (issue 20): `locate(&row, &col, t)` writes the caller's locals
// through `int *`. row = t / 8, col = t % 8 is a bijection onto the 8 x 8 tile: each thread
// writes its own tile[row][col]; the transposed read follows the barrier: race free.

__device__ void locate(int *row, int *col, int t)
{
    *row = t / 8;
    *col = t % 8;
}

__global__ void transpose8(const float *in, float *out)
{
    __shared__ float tile[8][8];
    int row = 0, col = 0;
    locate(&row, &col, threadIdx.x);
    tile[row][col] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[col][row];
}
