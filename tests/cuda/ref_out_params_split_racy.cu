//xfail:data-race
//--blockDim=256 --gridDim=1
// mapcheck: exact
// The out-parameters are set to row = t / 16 and col = t % 8 (a wrong modulus): threads t and
// t + 8 with t % 16 < 8 get the same (row, col) and both write tile[row][col] before the
// barrier (threads 0 and 8 write tile[0][0]): a write-write race.

__device__ void split_index(unsigned t, unsigned &row, unsigned &col)
{
    row = t / 16;
    col = t % 8;
}

__global__ void tile_transpose_bad_split(const float *in, float *out)
{
    __shared__ float tile[16][16];
    unsigned row = 0, col = 0;
    split_index(threadIdx.x, row, col);
    tile[row][col] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[col][row];
}
