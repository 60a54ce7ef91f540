/* mapcheck's CUDA declarations, written for mapcheck (no NVIDIA text).
 *
 * clang reads every `.cu` file with this header force-included, in device mode without the
 * CUDA SDK (`-nocudainc -nocudalib`). It declares what kernels use: the execution-space
 * attributes, the built-in variables, vector types, barriers, atomics, warp functions, math,
 * and enough of the host runtime API for host code in the same file to type-check. mapcheck's
 * lowering recognises these declarations by name and by the file they come from; a function
 * declared here and not recognised by the lowering is an unknown callee (its effects are
 * over-approximated). */
#ifndef __MAPCHECK_CUDA_H
#define __MAPCHECK_CUDA_H

#define __MAPCHECK__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#ifndef __CUDA_ARCH__
#define __CUDA_ARCH__ 800
#endif
#define CUDART_VERSION 12000
#define CUDA_VERSION 12000
/* nvcc's own version macros, as CUDA 12.0 defines them: code that tests them (`#if
 * __CUDACC_VER_MAJOR__ >= 9` for the `_sync` warp functions) takes the path today's nvcc
 * compiles. */
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#endif
#ifndef __CUDACC_VER_MINOR__
#define __CUDACC_VER_MINOR__ 0
#endif
#ifndef __CUDACC_VER_BUILD__
#define __CUDACC_VER_BUILD__ 0
#endif

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__

/* nvcc's implicit `cuda_runtime.h` brings `<stddef.h>` (through `driver_types.h`). */
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;

/* The short unsigned names glibc's <sys/types.h> gives (nvcc's implicit <stdlib.h> brings it)
 * and the CUDA samples use; a file that defines them again the same way is still valid C++. */
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned long ulong;
typedef unsigned char uchar;

/* What nvcc's implicit `cuda_runtime.h` makes visible of the host C library. */
#include "__mapcheck_host.h"

/* Vector types, with the alignment CUDA's `vector_types.h` gives them
   (`__builtin_align__(2 * sizeof(T))`, `(4 * sizeof(T))`, at most 16): clang's layouts, which
   the lowering reads, are then CUDA's. */
#define __MAPCHECK_VALIGN(n) __attribute__((aligned((n) < 16 ? (n) : 16)))
#define __MAPCHECK_VEC1(T, name) struct name { T x; };
#define __MAPCHECK_VEC2(T, name) struct __MAPCHECK_VALIGN(2 * sizeof(T)) name { T x, y; };
#define __MAPCHECK_VEC3(T, name) struct name { T x, y, z; };
#define __MAPCHECK_VEC4(T, name) struct __MAPCHECK_VALIGN(4 * sizeof(T)) name { T x, y, z, w; };
#define __MAPCHECK_VECS(T, base)                                                                 \
  __MAPCHECK_VEC1(T, base##1) __MAPCHECK_VEC2(T, base##2) __MAPCHECK_VEC3(T, base##3)           \
  __MAPCHECK_VEC4(T, base##4)                                                                    \
  __host__ __device__ base##1 make_##base##1(T x);                                              \
  __host__ __device__ base##2 make_##base##2(T x, T y);                                         \
  __host__ __device__ base##3 make_##base##3(T x, T y, T z);                                    \
  __host__ __device__ base##4 make_##base##4(T x, T y, T z, T w);
__MAPCHECK_VECS(char, char)
__MAPCHECK_VECS(unsigned char, uchar)
__MAPCHECK_VECS(short, short)
__MAPCHECK_VECS(unsigned short, ushort)
__MAPCHECK_VECS(int, int)
__MAPCHECK_VECS(unsigned int, uint)
__MAPCHECK_VECS(long, long)
__MAPCHECK_VECS(unsigned long, ulong)
__MAPCHECK_VECS(long long, longlong)
__MAPCHECK_VECS(unsigned long long, ulonglong)
__MAPCHECK_VECS(float, float)
__MAPCHECK_VECS(double, double)


struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int x = 1, unsigned int y = 1, unsigned int z = 1)
      : x(x), y(y), z(z) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};

/* The built-in variables: read-only, one per thread or block. The lowering maps
 * `threadIdx.y` to `tid.y`, `blockDim.x` to `ntid.x`, and so on. */
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

/* Barriers and fences. */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);

/* Atomics: each is one atomic read-modify-write of the cell its pointer names. */
#define __MAPCHECK_ATOMIC(name, T) __device__ T name(T *address, T val);
#define __MAPCHECK_ATOMIC_INTS(name)                                                             \
  __MAPCHECK_ATOMIC(name, int) __MAPCHECK_ATOMIC(name, unsigned int)                            \
  __MAPCHECK_ATOMIC(name, unsigned long long) __MAPCHECK_ATOMIC(name, long long)
__MAPCHECK_ATOMIC_INTS(atomicAdd)
__MAPCHECK_ATOMIC(atomicAdd, float)
__MAPCHECK_ATOMIC(atomicAdd, double)
__MAPCHECK_ATOMIC_INTS(atomicSub)
__MAPCHECK_ATOMIC_INTS(atomicExch)
__MAPCHECK_ATOMIC(atomicExch, float)
__MAPCHECK_ATOMIC_INTS(atomicMin)
__MAPCHECK_ATOMIC_INTS(atomicMax)
__MAPCHECK_ATOMIC_INTS(atomicAnd)
__MAPCHECK_ATOMIC_INTS(atomicOr)
__MAPCHECK_ATOMIC_INTS(atomicXor)
__device__ unsigned int atomicInc(unsigned int *address, unsigned int val);
__device__ unsigned int atomicDec(unsigned int *address, unsigned int val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val);
__device__ unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare,
                                        unsigned long long val);
#define __MAPCHECK_ATOMIC_SCOPED(name)                                                           \
  template <class T> __device__ T name##_block(T *address, T val);                               \
  template <class T> __device__ T name##_system(T *address, T val);
__MAPCHECK_ATOMIC_SCOPED(atomicAdd)
__MAPCHECK_ATOMIC_SCOPED(atomicExch)

/* Warp functions: values exchanged between the threads of a warp (not memory). */
template <class T> __device__ T __shfl_sync(unsigned mask, T var, int src, int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned mask, T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned mask, T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned mask, T var, int m, int width = 32);
template <class T> __device__ T __shfl(T var, int src, int width = 32);
template <class T> __device__ T __shfl_up(T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_down(T var, unsigned d, int width = 32);
template <class T> __device__ T __shfl_xor(T var, int m, int width = 32);
__device__ int __all_sync(unsigned mask, int pred);
__device__ int __any_sync(unsigned mask, int pred);
__device__ unsigned __ballot_sync(unsigned mask, int pred);
__device__ unsigned __activemask(void);
__device__ int __all(int pred);
__device__ int __any(int pred);
__device__ unsigned __ballot(int pred);
template <class T> __device__ unsigned __match_any_sync(unsigned mask, T value);
template <class T> __device__ T __reduce_add_sync(unsigned mask, T value);
template <class T> __device__ T __ldg(const T *ptr);
__device__ unsigned int __lanemask_lt(void);

/* Integer intrinsics. */
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __vadd4(unsigned int a, unsigned int b);
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ unsigned int __sad(int x, int y, unsigned int z);
__device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__device__ long long clock64(void);
__device__ long clock(void);

/* min and max: exact operators of the core. */
__host__ __device__ int min(int a, int b);
__host__ __device__ unsigned int min(unsigned int a, unsigned int b);
__host__ __device__ unsigned int min(int a, unsigned int b);
__host__ __device__ unsigned int min(unsigned int a, int b);
__host__ __device__ long long min(long long a, long long b);
__host__ __device__ unsigned long long min(unsigned long long a, unsigned long long b);
__host__ __device__ float min(float a, float b);
__host__ __device__ double min(double a, double b);
__host__ __device__ int max(int a, int b);
__host__ __device__ unsigned int max(unsigned int a, unsigned int b);
__host__ __device__ unsigned int max(int a, unsigned int b);
__host__ __device__ unsigned int max(unsigned int a, int b);
__host__ __device__ long long max(long long a, long long b);
__host__ __device__ unsigned long long max(unsigned long long a, unsigned long long b);
__host__ __device__ float max(float a, float b);
__host__ __device__ double max(double a, double b);
__host__ __device__ unsigned int umin(unsigned int a, unsigned int b);
__host__ __device__ unsigned int umax(unsigned int a, unsigned int b);
__host__ __device__ long long llmin(long long a, long long b);
__host__ __device__ long long llmax(long long a, long long b);
__device__ int abs(int a);
__device__ long labs(long a);
__device__ long long llabs(long long a);

/* Floating-point math: values mapcheck does not follow. */
#define __MAPCHECK_MATH1(name)                                                                   \
  __device__ float name##f(float); __device__ double name(double);
#define __MAPCHECK_MATH2(name)                                                                   \
  __device__ float name##f(float, float);                                                       \
  __device__ double name(double, double);
__MAPCHECK_MATH1(sqrt) __MAPCHECK_MATH1(rsqrt) __MAPCHECK_MATH1(cbrt) __MAPCHECK_MATH1(exp)
__MAPCHECK_MATH1(exp2) __MAPCHECK_MATH1(expm1) __MAPCHECK_MATH1(log) __MAPCHECK_MATH1(log2)
__MAPCHECK_MATH1(log10) __MAPCHECK_MATH1(log1p) __MAPCHECK_MATH1(sin) __MAPCHECK_MATH1(cos)
__MAPCHECK_MATH1(tan) __MAPCHECK_MATH1(asin) __MAPCHECK_MATH1(acos) __MAPCHECK_MATH1(atan)
__MAPCHECK_MATH1(sinh) __MAPCHECK_MATH1(cosh) __MAPCHECK_MATH1(tanh) __MAPCHECK_MATH1(fabs)
__MAPCHECK_MATH1(floor) __MAPCHECK_MATH1(ceil) __MAPCHECK_MATH1(round) __MAPCHECK_MATH1(trunc)
__MAPCHECK_MATH1(erf) __MAPCHECK_MATH1(erfc) __MAPCHECK_MATH1(lgamma) __MAPCHECK_MATH1(tgamma)
__MAPCHECK_MATH1(rint) __MAPCHECK_MATH1(nearbyint)
__MAPCHECK_MATH2(pow) __MAPCHECK_MATH2(fmin) __MAPCHECK_MATH2(fmax) __MAPCHECK_MATH2(fmod)
__MAPCHECK_MATH2(atan2) __MAPCHECK_MATH2(hypot) __MAPCHECK_MATH2(copysign) __MAPCHECK_MATH2(fdim)
__device__ float fmaf(float, float, float);
__device__ double fma(double, double, double);
__device__ float __expf(float); __device__ float __logf(float); __device__ float __sinf(float);
__device__ float __cosf(float); __device__ float __powf(float, float);
__device__ float __fdividef(float, float); __device__ float __saturatef(float);
__device__ float __fmul_rn(float, float); __device__ float __fadd_rn(float, float);
__device__ int __float2int_rn(float); __device__ int __float2int_rz(float);
__device__ unsigned __float2uint_rn(float); __device__ float __int2float_rn(int);
__device__ float __int_as_float(int); __device__ int __float_as_int(float);
__device__ float __uint_as_float(unsigned); __device__ unsigned __float_as_uint(float);
__device__ int isnan(float); __device__ int isinf(float);
__device__ int isfinite(float);
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define FLT_MAX 3.402823466e+38F
#define FLT_MIN 1.175494351e-38F
#define INT_MAX 2147483647
#define INT_MIN (-INT_MAX - 1)
#define UINT_MAX 4294967295U

/* Half precision (`__half`, `half`, `__half2`) is declared by `cuda_fp16.h`, as nvcc
 * declares it: only a file that includes it sees those names, so a user's own `half` is no
 * clash. */

/* GPUVerify's annotations. `__requires(c)` is a precondition of the kernel; the others are
 * read by mapcheck as nothing (ignoring an invariant or a postcondition is sound). */
__device__ void __mapcheck_requires(bool);
__device__ void __mapcheck_assume(bool);
__device__ bool __mapcheck_ignored(bool);
#define __requires(c) __mapcheck_requires(c)
#define __assume(c) __mapcheck_assume(c)
#define __global_requires(c) __mapcheck_requires(c)
#define __ensures(c) __mapcheck_ignored(c)
#define __global_ensures(c) __mapcheck_ignored(c)
#define __invariant(c) __mapcheck_ignored(c)
#define __global_invariant(c) __mapcheck_ignored(c)
#define __function_wide_invariant(c) __mapcheck_ignored(c)
#define __function_wide_candidate_invariant(c) __mapcheck_ignored(c)
#define __candidate_invariant(c) __mapcheck_ignored(c)
#define __candidate_global_invariant(c) __mapcheck_ignored(c)
#define __global_assert(c) __mapcheck_ignored(c)
#define __assert(c) __mapcheck_ignored(c)
#define __non_temporal(c) (c)
#define __implies(a, b) (!(a) || (b))
#define __write_implies(p, c) (!__mapcheck_pred(p) || (c))
#define __read_implies(p, c) (!__mapcheck_pred(p) || (c))
#define __atomic_implies(p, c) (!__mapcheck_pred(p) || (c))
/* GPUVerify's two-thread annotations speak of the other thread of a pair (`__other_int(x)` is
 * x in the other thread): functions the lowering refuses with a located error (calls.rs,
 * issue 38 item 7) — read as the identity or `true`, `x != __other_int(x)` was `false` and
 * made every precondition holding it vacuous. */
__device__ long long __other_int(long long);
__device__ bool __other_bool(bool);
__device__ bool __uniform_int(long long);
__device__ bool __uniform_bool(bool);
__device__ bool __distinct_int(long long);
__device__ bool __mapcheck_same_group(void);
#define __same_group __mapcheck_same_group()
#define __enabled() true
#define __dominator_invariant(c) __mapcheck_ignored(c)
#define __barrier_invariant(c, ...) __mapcheck_ignored(c)
#define __barrier_invariant_binary(c, ...) __mapcheck_ignored(c)
__device__ bool __at_most_one(bool);
#define __array_snapshot(dst, src) ((void)0)
__device__ int __ptr_offset(const volatile void *);
__device__ bool __is_pow2(unsigned int);
__device__ unsigned int __mod_pow2(unsigned int, unsigned int);
__device__ bool __mapcheck_pred(const volatile void *);
__device__ int __mapcheck_offset(const volatile void *);
/* GPUVerify's access predicates, as functions rather than macros: libstdc++ has functions
 * named `__write` and `__read` (in namespace std), which a function-like macro of one
 * argument breaks, so that `<iostream>` was refused. */
__device__ bool __no_read(const volatile void *);
__device__ bool __no_write(const volatile void *);
__device__ bool __read(const volatile void *);
__device__ bool __write(const volatile void *);
__device__ bool __atomic(const volatile void *);
__device__ int __read_offset(const volatile void *);
__device__ int __write_offset(const volatile void *);
__device__ int __read_offset_bytes(const volatile void *);
__device__ int __write_offset_bytes(const volatile void *);
__device__ int __ptr_offset_bytes(const volatile void *);
__device__ int __ptr_base(const volatile void *);
/* Postcondition helpers, only meaningful inside `__ensures` (which is ignored). */
__device__ int __return_val_int(void);
__device__ unsigned __return_val_uint(void);
__device__ bool __return_val_bool(void);
__device__ void *__return_val_ptr(void);
template <class T> __device__ T __old(T);
#define __old_int(x) __old(x)
#define __old_bool(x) __old(x)

/* `assert(c)` is read as a precondition, as GPUVerify and Faial read it: runs in which it
 * fails (and trap) are not analysed. GPUVerify's `__assert` is ignored. Under `NDEBUG` it is
 * nothing, as C's `<assert.h>` makes it (C 7.2): the kernel's stores then run unguarded. A file
 * that defines `NDEBUG` itself gets that meaning where it includes `<assert.h>` (`assert.h`
 * redefines the macro on each inclusion, as C's does). */
__device__ void __mapcheck_assert(bool);
#undef assert
#ifdef NDEBUG
#define assert(c) ((void)0)
#else
#define assert(c) __mapcheck_assert(c)
#endif

/* printf and assert are available in device code. These and the C library's functions above
 * (abs, the math functions) are declared for the device only, as clang's own CUDA headers
 * declare them: a file that includes <stdio.h>, <stdlib.h>, <math.h>, <string.h> or their
 * <c...> forms gets the host's declarations beside them (CUDA overloads a function on
 * __host__ against __device__), where a __host__ __device__ declaration here made clang refuse
 * the system's (`__host__ function 'printf' cannot overload __host__ __device__ function`). */
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void __assertfail(const char *, const char *, unsigned,
                                                 const char *, size_t);
extern "C" __device__ void *malloc(size_t);
extern "C" __device__ void free(void *);
extern "C" __device__ void *memset(void *, int, size_t);
extern "C" __device__ void *memcpy(void *, const void *, size_t);

/* Host runtime API, so that host code in a kernel file type-checks; mapcheck reads only
 * device code. */
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem; int warpSize;
  int maxThreadsPerBlock; int multiProcessorCount; int major; int minor; };
struct cudaExtent { size_t width, height, depth; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaPos { size_t x, y, z; };
__host__ cudaExtent make_cudaExtent(size_t w, size_t h, size_t d);
__host__ cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz);
__host__ cudaError_t cudaMalloc(void **p, size_t size);
template <class T> __host__ cudaError_t cudaMalloc(T **p, size_t size) {
  return cudaMalloc((void **)p, size); }
__host__ cudaError_t cudaMallocManaged(void **p, size_t size, unsigned flags = 1);
template <class T> __host__ cudaError_t cudaMallocManaged(T **p, size_t size, unsigned flags = 1) {
  return cudaMallocManaged((void **)p, size, flags); }
__host__ cudaError_t cudaMallocHost(void **p, size_t size);
__host__ cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h);
__host__ cudaError_t cudaMalloc3D(cudaPitchedPtr *p, cudaExtent e);
__host__ cudaError_t cudaFree(void *p);
__host__ cudaError_t cudaFreeHost(void *p);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, cudaMemcpyKind kind,
                                     cudaStream_t s = 0);
__host__ cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n,
                                        size_t offset = 0,
                                        cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
__host__ cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t n,
                                        size_t offset = 0,
                                        cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n,
                                          size_t offset = 0,
                                          cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaMemset(void *p, int v, size_t n);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t e);
__host__ cudaError_t cudaSetDevice(int d);
__host__ cudaError_t cudaGetDevice(int *d);
__host__ cudaError_t cudaGetDeviceCount(int *n);
__host__ cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *s);
/* Launches through the runtime API: read as `k<<<grid, block>>>` is for the launch
 * conventions (mapcheck's `launches.rs`). */
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
                                      size_t shared = 0, cudaStream_t s = 0);
template <class T>
__host__ cudaError_t cudaLaunchKernel(T *func, dim3 grid, dim3 block, void **args,
                                      size_t shared = 0, cudaStream_t s = 0);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block,
                                                 void **args, size_t shared = 0,
                                                 cudaStream_t s = 0);
template <class T>
__host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 grid, dim3 block, void **args,
                                                 size_t shared = 0, cudaStream_t s = 0);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t s);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t s);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *e);
__host__ cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t e);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t e);
__host__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags);
__host__ cudaError_t cudaEventQuery(cudaEvent_t e);
__host__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags);
__host__ cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags = 0);
__host__ cudaError_t cudaHostAlloc(void **p, size_t size, unsigned flags);
__host__ cudaError_t cudaHostGetDevicePointer(void **d, void *h, unsigned flags);
__host__ cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s = 0);
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                                  size_t w, size_t h, cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyPeer(void *dst, int dd, const void *src, int sd, size_t n);
__host__ cudaError_t cudaMemPrefetchAsync(const void *p, size_t n, int device,
                                          cudaStream_t s = 0);
__host__ cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
__host__ cudaError_t cudaDeviceSetLimit(int limit, size_t value);
__host__ cudaError_t cudaDeviceSetCacheConfig(int config);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *f, int config);
__host__ cudaError_t cudaSetDeviceFlags(unsigned flags);
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);
__host__ const char *cudaGetErrorName(cudaError_t e);
__host__ cudaError_t cudaDriverGetVersion(int *v);
__host__ cudaError_t cudaRuntimeGetVersion(int *v);
__host__ cudaError_t cudaDeviceGetAttribute(int *v, int attr, int device);
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
#define cudaHostAllocDefault 0
#define cudaHostAllocPortable 1
#define cudaHostAllocMapped 2
#define cudaHostAllocWriteCombined 4
#define cudaDeviceScheduleAuto 0
#define cudaDeviceMapHost 8
#define cudaStreamNonBlocking 1
#define cudaEventDefault 0
#define cudaEventBlockingSync 1
#define cudaEventDisableTiming 2
#define cudaMemAttachGlobal 1
#define cudaCpuDeviceId (-1)
/* The launch syntax `k<<<g, b, s, t>>>(...)` needs this declaration. */
extern "C" __host__ int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
extern "C" __host__ unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                         size_t sharedMem = 0,
                                                         cudaStream_t stream = 0);

/* Texture and surface objects: opaque handles; fetches are values mapcheck does not follow,
 * surface writes are refused or over-approximated by the lowering. */
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaTextureAddressMode { cudaAddressModeWrap = 0, cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2, cudaAddressModeBorder = 3 };
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaChannelFormatKind { cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2, cudaChannelFormatKindNone = 3 };
enum cudaResourceType { cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1,
  cudaResourceTypeLinear = 2, cudaResourceTypePitch2D = 3 };
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
struct cudaResourceDesc {
  enum cudaResourceType resType;
  struct {
    struct { cudaArray_t array; } array;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t width, height,
      pitchInBytes; } pitch2D;
  } res;
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB; float borderColor[4]; int normalizedCoords; unsigned maxAnisotropy;
};
struct textureReference {
  int normalized; enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3]; struct cudaChannelFormatDesc channelDesc;
};
template <class T> __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void);
__host__ cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                     cudaChannelFormatKind f);
__host__ cudaError_t cudaMallocArray(cudaArray_t *a, const cudaChannelFormatDesc *d, size_t w,
                                     size_t h = 0, unsigned flags = 0);
__host__ cudaError_t cudaFreeArray(cudaArray_t a);
__host__ cudaError_t cudaMemcpyToArray(cudaArray_t a, size_t w, size_t h, const void *src,
                                       size_t n, cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t a, size_t w, size_t h, const void *src,
                                         size_t spitch, size_t width, size_t height,
                                         cudaMemcpyKind kind);
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2 };
/* Texture references are device-side objects (clang's builtin texture type attribute makes a
 * file-scope `texture<...>` usable in device code). */
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {};
/* What a fetch from a `texture<T, d, mode>` returns: `T`, or with
 * `cudaReadModeNormalizedFloat` a `float` (vector) of `T`'s arity for 8- and 16-bit `T`. */
template <class T, enum cudaTextureReadMode m> struct __mapcheck_fetch { typedef T type; };
#define __MAPCHECK_NORMALIZED(T, F)                                                              \
  template <> struct __mapcheck_fetch<T, cudaReadModeNormalizedFloat> { typedef F type; };
__MAPCHECK_NORMALIZED(char, float) __MAPCHECK_NORMALIZED(signed char, float)
__MAPCHECK_NORMALIZED(unsigned char, float) __MAPCHECK_NORMALIZED(short, float)
__MAPCHECK_NORMALIZED(unsigned short, float)
__MAPCHECK_NORMALIZED(char1, float1) __MAPCHECK_NORMALIZED(uchar1, float1)
__MAPCHECK_NORMALIZED(short1, float1) __MAPCHECK_NORMALIZED(ushort1, float1)
__MAPCHECK_NORMALIZED(char2, float2) __MAPCHECK_NORMALIZED(uchar2, float2)
__MAPCHECK_NORMALIZED(short2, float2) __MAPCHECK_NORMALIZED(ushort2, float2)
__MAPCHECK_NORMALIZED(char4, float4) __MAPCHECK_NORMALIZED(uchar4, float4)
__MAPCHECK_NORMALIZED(short4, float4) __MAPCHECK_NORMALIZED(ushort4, float4)
#undef __MAPCHECK_NORMALIZED
/* Binding texture references and creating texture objects: host code. */
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t cudaBindTexture(size_t *offset, const texture<T, d, m> &t, const void *p,
                                     size_t size = ~(size_t)0);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t cudaBindTexture(size_t *offset, const texture<T, d, m> &t, const void *p,
                                     const cudaChannelFormatDesc &desc, size_t size = ~(size_t)0);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, d, m> &t, const void *p,
                                       const cudaChannelFormatDesc &desc, size_t w, size_t h,
                                       size_t pitch);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t cudaBindTextureToArray(const texture<T, d, m> &t, cudaArray_const_t a);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t cudaBindTextureToArray(const texture<T, d, m> &t, cudaArray_const_t a,
                                            const cudaChannelFormatDesc &desc);
template <class T, int d, enum cudaTextureReadMode m>
__host__ cudaError_t cudaUnbindTexture(const texture<T, d, m> &t);
__host__ cudaError_t cudaCreateTextureObject(cudaTextureObject_t *t, const cudaResourceDesc *r,
                                             const cudaTextureDesc *d, const void *v);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t t);
__host__ cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *s, const cudaResourceDesc *r);
__host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t s);
template <class T> __device__ T tex1DLod(cudaTextureObject_t t, float x, float level);
template <class T> __device__ T tex2DLod(cudaTextureObject_t t, float x, float y, float level);
template <class T> __device__ T tex3DLod(cudaTextureObject_t t, float x, float y, float z,
                                         float level);
template <class T> __device__ T tex1DLayered(cudaTextureObject_t t, float x, int layer);
template <class T> __device__ T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer);
template <class T> __device__ T texCubemap(cudaTextureObject_t t, float x, float y, float z);
template <class T> __device__ T tex2Dgather(cudaTextureObject_t t, float x, float y, int comp = 0);
template <class T, int d, enum cudaTextureReadMode m>
__device__ typename __mapcheck_fetch<T, m>::type tex3D(texture<T, d, m> t, float x, float y, float z);
template <class T, int d, enum cudaTextureReadMode m>
__device__ typename __mapcheck_fetch<T, m>::type tex1DLayered(texture<T, d, m> t, float x, int layer);
template <class T, int d, enum cudaTextureReadMode m>
__device__ typename __mapcheck_fetch<T, m>::type tex2DLayered(texture<T, d, m> t, float x, float y, int layer);
template <class T, int d, enum cudaTextureReadMode m>
__device__ typename __mapcheck_fetch<T, m>::type texCubemap(texture<T, d, m> t, float x, float y, float z);
template <class T> __device__ T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z,
                                           cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z,
                                               cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t t, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t t, float x);
template <class T> __device__ T tex2D(cudaTextureObject_t t, float x, float y);
template <class T> __device__ T tex3D(cudaTextureObject_t t, float x, float y, float z);
template <class T, int d, enum cudaTextureReadMode m>
__device__ typename __mapcheck_fetch<T, m>::type tex1Dfetch(texture<T, d, m> t, int x);
template <class T, int d, enum cudaTextureReadMode m>
__device__ typename __mapcheck_fetch<T, m>::type tex1D(texture<T, d, m> t, float x);
template <class T, int d, enum cudaTextureReadMode m>
__device__ typename __mapcheck_fetch<T, m>::type tex2D(texture<T, d, m> t, float x, float y);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t s, int x, int y,
                                           cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y,
                                               cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ T surf1Dread(cudaSurfaceObject_t s, int x,
                                           cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
template <class T> __device__ void surf1Dwrite(T v, cudaSurfaceObject_t s, int x,
                                               cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);

/* The rest of the device API, by tables. */
#include "__mapcheck_device_api.h"

#endif
