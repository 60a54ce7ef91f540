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
template <class S> __device__ double2 curand_uniform2_double(S *state);
template <class S> __device__ double2 curand_normal2_double(S *state);
template <class S> __device__ float4 curand_normal4(S *state);
template <class S> __device__ uint4 curand4(S *state);
template <class S> __device__ float curand_log_normal(S *state, float mean, float stddev);
template <class S> __device__ double curand_log_normal_double(S *state, double mean,
                                                              double stddev);
template <class S> __device__ float2 curand_log_normal2(S *state, float mean, float stddev);
template <class S> __device__ void skipahead(unsigned long long n, S *state);
template <class S> __device__ void skipahead_sequence(unsigned long long n, S *state);
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
typedef unsigned int curandDirectionVectors32_t[32];
#endif
