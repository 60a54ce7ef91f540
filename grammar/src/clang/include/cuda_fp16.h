/* mapcheck: half precision, as `cuda_fp16.h` declares it (values mapcheck does not follow). */
#ifndef __MAPCHECK_CUDA_FP16_H
#define __MAPCHECK_CUDA_FP16_H
#include "__mapcheck_cuda.h"

/* Half precision, as an opaque 16-bit value type. */
/* cuda_fp16.hpp's operators on halves (values mapcheck does not follow) are hidden friends:
 * found by argument-dependent lookup only, so that `p + n` in a template whose `p` has a
 * dependent type stays an operator clang resolves at instantiation, not a call of an
 * overload set the lowering of an uninstantiated template cannot read. */
struct __half {
  unsigned short __x;
  friend __device__ __half operator+(const __half &, const __half &);
  friend __device__ __half operator-(const __half &, const __half &);
  friend __device__ __half operator*(const __half &, const __half &);
  friend __device__ __half operator/(const __half &, const __half &);
  friend __device__ __half operator-(const __half &);
  friend __device__ bool operator==(const __half &, const __half &);
  friend __device__ bool operator!=(const __half &, const __half &);
  friend __device__ bool operator<(const __half &, const __half &);
  friend __device__ bool operator>(const __half &, const __half &);
  friend __device__ bool operator<=(const __half &, const __half &);
  friend __device__ bool operator>=(const __half &, const __half &);
};
typedef __half half;
struct __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
  friend __device__ __half2 operator+(const __half2 &, const __half2 &);
  friend __device__ __half2 operator-(const __half2 &, const __half2 &);
  friend __device__ __half2 operator*(const __half2 &, const __half2 &);
  friend __device__ __half2 operator/(const __half2 &, const __half2 &);
};
typedef __half2 half2;
__host__ __device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ __half2 __float2half2_rn(float);
__host__ __device__ float __low2float(__half2);
__host__ __device__ float __high2float(__half2);
__host__ __device__ __half __float2half_rn(float);
__device__ __half __hadd(__half, __half);
__device__ __half __hmul(__half, __half);
__device__ __half __hsub(__half, __half);
__device__ __half __hfma(__half, __half, __half);
__device__ __half2 __hadd2(__half2, __half2);
__device__ __half2 __hmul2(__half2, __half2);
__device__ __half2 __hfma2(__half2, __half2, __half2);

__host__ __device__ float __half2float(__half);
__host__ __device__ __half __float2half(float);
__host__ __device__ __half2 __halves2half2(__half, __half);
__host__ __device__ __half2 make_half2(__half, __half);
__host__ __device__ __half2 __half2half2(__half);
__host__ __device__ __half __low2half(__half2);
__host__ __device__ __half __high2half(__half2);
__host__ __device__ __half __int2half_rn(int);
__host__ __device__ __half __uint2half_rn(unsigned int);
__host__ __device__ int __half2int_rn(__half);
__host__ __device__ int __half2int_rz(__half);
__device__ __half __hdiv(__half, __half);
__device__ __half __hneg(__half);
__device__ __half __hmax(__half, __half);
__device__ __half __hmin(__half, __half);
__device__ bool __heq(__half, __half);
__device__ bool __hlt(__half, __half);
__device__ bool __hgt(__half, __half);
__device__ __half2 __hsub2(__half2, __half2);
__device__ __half hsqrt(__half);
__device__ __half hexp(__half);
__device__ __half __shfl_sync(unsigned, __half, int, int = 32);
__device__ __half __shfl_down_sync(unsigned, __half, unsigned, int = 32);
__device__ __half __shfl_xor_sync(unsigned, __half, int, int = 32);
__device__ __half2 __shfl_sync(unsigned, __half2, int, int = 32);
__device__ __half2 __shfl_down_sync(unsigned, __half2, unsigned, int = 32);
__device__ __half2 __shfl_xor_sync(unsigned, __half2, int, int = 32);

#endif
