// Included by macros.cu: the global thread index and a scale.
#pragma once
#define GLOBAL_ID (blockIdx.x * blockDim.x + threadIdx.x)
#if GLOBAL_SCALE > 1
#define SCALE GLOBAL_SCALE
#else
#define SCALE 2
#endif
