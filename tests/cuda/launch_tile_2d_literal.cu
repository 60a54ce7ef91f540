//pass
//
// mapcheck: exact
// A tiled 2-D kernel written for blocks of 16 x 16 threads: row = blockIdx.y * 16 + threadIdx.y,
// col = blockIdx.x * 16 + threadIdx.x. For blocks of at most 16 x 16 (the launch the code is
// written for: the literal tile side multiplies the block id along each dimension) every
// (row, col) belongs to one thread, and within n x n (n <= 46340, so row * n + col stays in an
// int) each cell C[row * n + col] to one (row, col): race free.

#define TILE 16

__global__ void bump_tiles(int *C, int n)
{
    __requires(n >= 0 && n <= 46340);
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    if (row < n && col < n)
        C[row * n + col] += 1;
}
