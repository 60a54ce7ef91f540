//pass
//--blockDim=96 --gridDim=1
// mapcheck: exact
// A three-way `if`/`else if`/`else` that sets two variables: threads 0..31, 32..63 and 64..95
// get (row, col) = (0, t), (1, t - 32), (2, t - 64). Each (row, col) is hit once, and each
// thread writes its own tile[row][col]: race free.

__global__ void three_rows(const float *in, float *out)
{
    __shared__ float tile[3][32];
    int t = threadIdx.x;
    int row, col;
    if (t < 32) {
        row = 0; col = t;
    } else if (t < 64) {
        row = 1; col = t - 32;
    } else {
        row = 2; col = t - 64;
    }
    tile[row][col] = in[t];
    __syncthreads();
    out[t] = tile[2 - row][col];
}
