/* mapcheck's `helper_functions.h` (no NVIDIA text): the CUDA samples' host helpers (strings,
 * timers, image files, comparisons), for host code. */
#ifndef __MAPCHECK_HELPER_FUNCTIONS_H
#define __MAPCHECK_HELPER_FUNCTIONS_H
#include "__mapcheck_cuda.h"
#include "helper_string.h"
#include "helper_timer.h"
__host__ bool sdkLoadPGM(const char *file, unsigned char **data, unsigned int *w, unsigned int *h);
__host__ bool sdkLoadPGM(const char *file, float **data, unsigned int *w, unsigned int *h);
__host__ bool sdkSavePGM(const char *file, unsigned char *data, unsigned int w, unsigned int h);
__host__ bool sdkSavePGM(const char *file, float *data, unsigned int w, unsigned int h);
__host__ bool sdkLoadPPM4ub(const char *file, unsigned char **data, unsigned int *w,
                            unsigned int *h);
__host__ bool sdkSavePPM4ub(const char *file, unsigned char *data, unsigned int w,
                            unsigned int h);
__host__ bool sdkCompareL2fe(const float *reference, const float *data, const unsigned int len,
                             const float epsilon);
__host__ bool compareData(const float *reference, const float *data, const unsigned int len,
                          const float epsilon, const float threshold);
#endif
