//xfail:data-race
//--blockDim=256 --gridDim=4 -DUSE_HALF_TILE_INDEX
// mapcheck: exact
// Conditional compilation selects the indexing scheme: with -DUSE_HALF_TILE_INDEX (set in the
// header, as a build configuration would) each thread writes out[GLOBAL_ID_X / 2], so threads
// 2k and 2k + 1 write the same cell: a write-write race. Without the flag it is race free.

#include "kernel_config.h"

#ifdef USE_HALF_TILE_INDEX
#  define OUT_INDEX(i) ((i) / 2)
#else
#  define OUT_INDEX(i) (i)
#endif

#if TILE != 32
#error "this kernel assumes TILE == 32"
#endif

__global__ void square_all(const int *in, int *out)
{
    int i = GLOBAL_ID_X;
    out[OUT_INDEX(i)] = SQUARE(in[i]);
}
