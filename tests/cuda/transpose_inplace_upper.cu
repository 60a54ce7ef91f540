//pass
//--blockDim=[16,16] --gridDim=[4,4]
// mapcheck: exact
// In-place transpose of a square matrix, fixed: only threads strictly above the diagonal
// (x > y) swap a[y][x] with a[x][y]. The pair {(x, y), (y, x)} belongs to that one thread, and
// diagonal threads do nothing: race free, also across blocks.

#define N 64

__global__ void transpose_inplace_upper(float *a)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < N && y < N && x > y) {
        float t = a[y * N + x];
        a[y * N + x] = a[x * N + y];
        a[x * N + y] = t;
    }
}
