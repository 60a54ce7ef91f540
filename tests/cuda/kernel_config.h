// Shared configuration of the corpus kernels that `#include "kernel_config.h"`: tile sizes and
// indexing macros, as a real project keeps them in one header.
#ifndef KERNEL_CONFIG_H
#define KERNEL_CONFIG_H

#define TILE 32
#define HALF_TILE (TILE / 2)
#define GLOBAL_ID_X (blockIdx.x * blockDim.x + threadIdx.x)
#define IDX2(row, col, pitch) ((row) * (pitch) + (col))
#define SQUARE(x) ((x) * (x))

#endif
