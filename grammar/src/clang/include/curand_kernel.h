/* mapcheck's curand declarations (no NVIDIA text): generator states are thread-private values
 * in the kernels mapcheck reads, and the numbers drawn are values it does not follow. */
#ifndef __MAPCHECK_CURAND_KERNEL_H
#define __MAPCHECK_CURAND_KERNEL_H
#include "__mapcheck_cuda.h"
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag; float boxmuller_extra; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 { uint4 ctr, output; uint2 key; unsigned int state; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a { double s1[3], s2[3]; };
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
template <class S>
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, S *state);
template <class S> __device__ unsigned int curand(S *state);
template <class S> __device__ float curand_uniform(S *state);
template <class S> __device__ double curand_uniform_double(S *state);
template <class S> __device__ float curand_normal(S *state);
template <class S> __device__ double curand_normal_double(S *state);
template <class S> __device__ float2 curand_normal2(S *state);
template <class S> __device__ unsigned int curand_poisson(S *state, double lambda);
template <class S> __device__ float4 curand_uniform4(S *state);
#endif
