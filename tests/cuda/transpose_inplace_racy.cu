//xfail:data-race
//--blockDim=[16,16] --gridDim=[4,4]
// mapcheck: exact
// In-place transpose of a square matrix where every thread swaps its element with the
// mirrored one. Thread (x, y) and thread (y, x) both read and write the pair a[y][x] and
// a[x][y]: a race (and a double swap). The correct in-place version lets only x > y swap.

#define N 64

__global__ void transpose_inplace(float *a)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < N && y < N) {
        float t = a[y * N + x];
        a[y * N + x] = a[x * N + y];
        a[x * N + y] = t;
    }
}
