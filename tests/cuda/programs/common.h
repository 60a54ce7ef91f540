// The local header of the whole programs of `tests/cuda/programs/`, as a CUDA sample keeps its
// helpers: an error-checking macro for the runtime API, the types and sizes the programs
// share, and a host routine that fills an array. Host code only, but for the sizes.
#ifndef PROGRAMS_COMMON_H
#define PROGRAMS_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

typedef unsigned int uint;
typedef unsigned char uchar;

#define THREADS 64
#define BLOCKS 4
#define TILE 8

#define CHECK(call)                                                                    \
    do {                                                                               \
        cudaError_t err_ = (call);                                                     \
        if (err_ != cudaSuccess) {                                                     \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
            exit(EXIT_FAILURE);                                                        \
        }                                                                              \
    } while (0)

static void fill_random(float *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = rand() / (float)RAND_MAX;
}

#endif
