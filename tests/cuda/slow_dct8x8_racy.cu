//xfail:data-race
//--blockDim=[8,4] --gridDim=[16,16]
// mapcheck: exact
// Issue 37, slow kinds (racy twin of slow_dct8x8.cu, without the barrier between the row and
// the column passes): 8x8 DCT blocks (CUDA samples `dct8x8`, CUDAkernel2DCT: one thread per
// row, then per column, of an 8x8 block, straight-line butterflies on registers). The block
// of 8x4 threads holds 4 macro-blocks of 8x8 pixels side by side in the shared tile
// block[4][8][8 + 1] (a padding column against bank conflicts): thread (x, y) loads,
// for each of the 8 rows r: block[y][r][x] from
// the image, a barrier, then thread (x, y) with x < 8 transforms row x of macro-block y in
// place (reads and writes block[y][x][0..7]), a barrier, then column x of macro-block y
// (block[y][0..7][x]), a barrier, and stores block[y][r][x] back. In each barrier interval
// the cells a thread writes are its own: (y, r, x) for r < 8 in the load and the store
// phases, row (y, x) in the row phase, column (y, ., x) in the column phase; distinct (x, y)
// give disjoint sets. Here the barrier between the row and the column passes is missing: in
// one interval thread (0, 0) writes row 0 of macro-block 0 (block[0][0][0..7]) and thread
// (1, 0) reads and writes column 1 (block[0][0..7][1]), which meet at block[0][0][1]: a
// write-write (and read-write) data race; the values are a row coefficient and a column
// coefficient of different sums, not equal in general: not benign.
// Session 22: the column pass's v[k * 9] through a pointer into the row block[y][0] leaves
// that row for k > 0 (C++ [expr.add]/4; see slow_dct8x8.cu): those accesses are also out of
// bounds, and the races are decided among the accesses in bounds, which include this one
// (block[0][0][1] is v[0] of column 1).

#define BLOCK 8
#define MACRO 4
#define IMG_STRIDE 512

#define C_a 1.387039845f
#define C_b 1.306562965f
#define C_c 1.175875602f
#define C_d 0.785694958f
#define C_e 0.541196100f
#define C_f 0.275899379f
#define C_norm 0.3535533906f

__device__ void dct8(float *v, int step)
{
    float X07P = v[0 * step] + v[7 * step];
    float X16P = v[1 * step] + v[6 * step];
    float X25P = v[2 * step] + v[5 * step];
    float X34P = v[3 * step] + v[4 * step];
    float X07M = v[0 * step] - v[7 * step];
    float X61M = v[6 * step] - v[1 * step];
    float X25M = v[2 * step] - v[5 * step];
    float X43M = v[4 * step] - v[3 * step];
    float X07P34PP = X07P + X34P;
    float X07P34PM = X07P - X34P;
    float X16P25PP = X16P + X25P;
    float X16P25PM = X16P - X25P;
    v[0 * step] = C_norm * (X07P34PP + X16P25PP);
    v[2 * step] = C_norm * (C_b * X07P34PM + C_e * X16P25PM);
    v[4 * step] = C_norm * (X07P34PP - X16P25PP);
    v[6 * step] = C_norm * (C_e * X07P34PM - C_b * X16P25PM);
    v[1 * step] = C_norm * (C_a * X07M - C_c * X61M + C_d * X25M - C_f * X43M);
    v[3 * step] = C_norm * (C_c * X07M + C_f * X61M - C_a * X25M + C_d * X43M);
    v[5 * step] = C_norm * (C_d * X07M + C_a * X61M + C_f * X25M - C_c * X43M);
    v[7 * step] = C_norm * (C_f * X07M + C_d * X61M + C_c * X25M + C_a * X43M);
}

__global__ void dct8x8(float *dst, const float *src)
{
    __shared__ float block[MACRO][BLOCK][BLOCK + 1];
    const int x = threadIdx.x, y = threadIdx.y;
    const int col = (blockIdx.x * MACRO + y) * BLOCK + x;
    for (int r = 0; r < BLOCK; r++)
        block[y][r][x] = src[(blockIdx.y * BLOCK + r) * IMG_STRIDE + col];
    __syncthreads();
    dct8(&block[y][x][0], 1);
    dct8(&block[y][0][x], BLOCK + 1);
    __syncthreads();
    for (int r = 0; r < BLOCK; r++)
        dst[(blockIdx.y * BLOCK + r) * IMG_STRIDE + col] = block[y][r][x];
}
