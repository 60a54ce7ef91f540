//xfail:data-race
//--blockDim=96 --gridDim=1
// mapcheck: exact
// The middle branch keeps row 0: threads t (< 32) and t + 32 both get (0, t) and write
// tile[0][t] before the barrier (threads 0 and 32 on tile[0][0]): a write-write race.

__global__ void three_rows_bad(const float *in, float *out)
{
    __shared__ float tile[3][32];
    int t = threadIdx.x;
    int row, col;
    if (t < 32) {
        row = 0; col = t;
    } else if (t < 64) {
        row = 0; col = t - 32;
    } else {
        row = 2; col = t - 64;
    }
    tile[row][col] = in[t];
    __syncthreads();
    out[t] = tile[2 - row][col];
}
