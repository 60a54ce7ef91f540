//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `locate` writes col = t % 4 through the pointer (a wrong modulus): threads t and t + 4 with
// t % 8 < 4 get the same (row, col) and both write tile[row][col] before the barrier
// (threads 0 and 4 on tile[0][0]): a write-write race.

__device__ void locate(int *row, int *col, int t)
{
    *row = t / 8;
    *col = t % 4;
}

__global__ void transpose8_bad(const float *in, float *out)
{
    __shared__ float tile[8][8];
    int row = 0, col = 0;
    locate(&row, &col, threadIdx.x);
    tile[row][col] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[col][row];
}
