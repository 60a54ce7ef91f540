//pass
//--blockDim=[16,16] --gridDim=4
// mapcheck: exact
// Sizes given by enumerators (an anonymous `enum { TILE = 16 }`, and `PAD` of an enum with a
// fixed underlying type) through a macro, as the CUDA samples write them. The enumerator's
// type is its enum, which C++ converts to `unsigned` where it meets `threadIdx`: until session
// 16 mapcheck lowered that conversion as an unknown value, and the kernel was data-dependent.
// Block b transposes its 16 x 16 tile: thread (x, y) writes tile[y][x] (row stride 17) before
// the barrier and reads tile[x][y] after it, writes out[b * 256 + y * 16 + x] and
// ids[b * 256 + y * 16 + x]: distinct cells for distinct (block, thread). No race.

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
    ids[base + IDX(threadIdx.y, threadIdx.x)] = IDX(threadIdx.y, threadIdx.x);
}
