//pass
//--blockDim=256 --gridDim=4
// mapcheck: exact
// The same kernel built without -DUSE_HALF_TILE_INDEX: OUT_INDEX is the identity, each thread
// writes its own out[i]. The `#if`/`#elif` chain with `defined` picks the scaling constant.

#include "kernel_config.h"

#ifdef USE_HALF_TILE_INDEX
#  define OUT_INDEX(i) ((i) / 2)
#else
#  define OUT_INDEX(i) (i)
#endif

#if defined(FAST_MATH) && TILE > 16
#  define SCALE 2
#elif HALF_TILE == 16
#  define SCALE 3
#else
#  define SCALE 4
#endif

__global__ void square_all(const int *in, int *out)
{
    int i = GLOBAL_ID_X;
    out[OUT_INDEX(i)] = SCALE * SQUARE(in[i]);
}
