//xfail:data-race
//--blockDim=[16,16] --gridDim=4
// mapcheck: exact
// enum_constant_sizes.cu with the rows of `ids` TILE - PAD = 15 wide: thread (15, 0) and
// thread (0, 1) of a block both write ids[b * 256 + 15], the values 15 and 16. A data race.

enum { TILE = 16 };
enum Pad : unsigned char { PAD = 1 };
#define IDX(r, c) ((r) * TILE + (c))

__global__ void transpose_tile(const int *in, int *out, int *ids)
{
    __shared__ int tile[TILE][TILE + PAD];
    unsigned base = blockIdx.x * TILE * TILE;
    tile[threadIdx.y][threadIdx.x] = in[base + IDX(threadIdx.y, threadIdx.x)];
    __syncthreads();
    out[base + IDX(threadIdx.y, threadIdx.x)] = tile[threadIdx.x][threadIdx.y];
    ids[base + threadIdx.y * (TILE - PAD) + threadIdx.x] = IDX(threadIdx.y, threadIdx.x);
}
