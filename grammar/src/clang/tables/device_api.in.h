/* The rest of CUDA's device API (no NVIDIA text), included by `__mapcheck_cuda.h`: every
 * function of the toolkit's device headers a kernel can call and mapcheck has no rule for by
 * name, written as tables — one line per shape of signature, the names of that shape after it.
 *
 * What mapcheck makes of them (grammar/src/clang/lower/calls.rs, `library_call`): a body-less
 * function of mapcheck's headers returns a value mapcheck does not follow (`?`), reads and
 * writes the one object each non-`const` pointer or reference argument points to (so that
 * `sincosf(x, &s[t], &c[t])` writes `s[t]` and `c[t]`), and touches nothing else. That is
 * exact for everything here: these functions compute values (math, conversions, SIMD, bit
 * tricks, clocks) and store only through their out-parameters. A `const` pointer argument is
 * not read by `library_call`: functions that read memory through one (`__ldcg`, ...) are
 * modelled by name in `calls.rs`, and those that read an array or a string through one
 * (`normf(n, a)`, `nanf(tag)`)
 * or write a range (`cooperative_groups::memcpy_async`) are left out, so that a call of them
 * is a clang error, never a silently missed access. A function that accesses memory otherwise
 * must not be added here.
 *
 * No declaration here may clash with a user's own: names users commonly define themselves
 * (`saturate`, `lerp`, ...) are function templates with a defaulted parameter, which a
 * user's function of the same signature (of any execution space) beats in overload
 * resolution without redeclaring it; the Bessel functions (`j0`, `y1`, ... — common variable
 * names) are left out. */
#ifndef __MAPCHECK_DEVICE_API_H
#define __MAPCHECK_DEVICE_API_H

/* BEGIN TABLE */
/* Shapes of signature, each declaring the names after it. */
#define __MAPCHECK_F_F(n) __device__ float n(float);
#define __MAPCHECK_FF_F(n) __device__ float n(float, float);
#define __MAPCHECK_FFF_F(n) __device__ float n(float, float, float);
#define __MAPCHECK_D_D(n) __device__ double n(double);
#define __MAPCHECK_DD_D(n) __device__ double n(double, double);
#define __MAPCHECK_DDD_D(n) __device__ double n(double, double, double);
#define __MAPCHECK_UU_U(n) __device__ unsigned int n(unsigned int, unsigned int);
#define __MAPCHECK_U_U(n) __device__ unsigned int n(unsigned int);
#define __MAPCHECK_II_I(n) __device__ int n(int, int);
/* The four rounding modes of an intrinsic: `_rd`, `_rn`, `_ru`, `_rz`. */
#define __MAPCHECK_RND(shape, base) shape(base##_rd) shape(base##_rn) shape(base##_ru) shape(base##_rz)
/* A float function `namef` and its double `name`. */
#define __MAPCHECK_MATH_1(n) __MAPCHECK_F_F(n##f) __MAPCHECK_D_D(n)
#define __MAPCHECK_MATH_2(n) __MAPCHECK_FF_F(n##f) __MAPCHECK_DD_D(n)

/* Math functions (single and double precision) beyond those of `__mapcheck_cuda.h`. */
__MAPCHECK_MATH_1(acosh) __MAPCHECK_MATH_1(asinh) __MAPCHECK_MATH_1(atanh)
__MAPCHECK_MATH_1(cospi) __MAPCHECK_MATH_1(sinpi) __MAPCHECK_MATH_1(exp10)
__MAPCHECK_MATH_1(erfinv) __MAPCHECK_MATH_1(erfcinv) __MAPCHECK_MATH_1(erfcx)
__MAPCHECK_MATH_1(normcdf) __MAPCHECK_MATH_1(normcdfinv) __MAPCHECK_MATH_1(rcbrt)
__MAPCHECK_MATH_1(logb) __MAPCHECK_MATH_1(cyl_bessel_i0) __MAPCHECK_MATH_1(cyl_bessel_i1)
__MAPCHECK_MATH_2(remainder) __MAPCHECK_MATH_2(nextafter) __MAPCHECK_MATH_2(rhypot)
__MAPCHECK_FFF_F(norm3df) __MAPCHECK_FFF_F(rnorm3df) __MAPCHECK_DDD_D(norm3d)
__MAPCHECK_DDD_D(rnorm3d)
__device__ float norm4df(float, float, float, float);
__device__ float rnorm4df(float, float, float, float);
__device__ double norm4d(double, double, double, double);
__device__ double rnorm4d(double, double, double, double);
__device__ float ldexpf(float, int);
__device__ double ldexp(double, int);
__device__ float scalbnf(float, int);
__device__ double scalbn(double, int);
__device__ float scalblnf(float, long);
__device__ double scalbln(double, long);
__device__ int ilogbf(float);
__device__ int ilogb(double);
__device__ long lrintf(float);
__device__ long lrint(double);
__device__ long long llrintf(float);
__device__ long long llrint(double);
__device__ long lroundf(float);
__device__ long lround(double);
__device__ long long llroundf(float);
__device__ long long llround(double);
__device__ int signbit(float);
__device__ int signbit(double);
__device__ int isnan(double);
__device__ int isinf(double);
__device__ int isfinite(double);
__device__ int __isnanf(float);
__device__ int __isinff(float);
__device__ int __finitef(float);
__device__ int __signbitf(float);
__device__ int __isnand(double);
__device__ int __isinfd(double);
__device__ int __isfinited(double);
__device__ int __signbitd(double);
__device__ float fdividef(float, float);
/* Out-parameters: each writes the object its pointer names. */
__device__ void sincosf(float, float *, float *);
__device__ void sincos(double, double *, double *);
__device__ void sincospif(float, float *, float *);
__device__ void sincospi(double, double *, double *);
__device__ void __sincosf(float, float *, float *);
__device__ float frexpf(float, int *);
__device__ double frexp(double, int *);
__device__ float modff(float, float *);
__device__ double modf(double, double *);
__device__ float remquof(float, float, int *);
__device__ double remquo(double, double, int *);
__device__ float lgammaf_r(float, int *);

/* Intrinsics: fast math, rounding modes, conversions, reinterpretations. */
__MAPCHECK_F_F(__exp10f) __MAPCHECK_F_F(__log2f) __MAPCHECK_F_F(__log10f)
__MAPCHECK_F_F(__tanf) __MAPCHECK_F_F(__tanhf) __MAPCHECK_F_F(__frsqrt_rn)
__MAPCHECK_RND(__MAPCHECK_FF_F, __fadd) __MAPCHECK_RND(__MAPCHECK_FF_F, __fsub)
__MAPCHECK_RND(__MAPCHECK_FF_F, __fmul) __MAPCHECK_RND(__MAPCHECK_FF_F, __fdiv)
__MAPCHECK_RND(__MAPCHECK_FFF_F, __fmaf) __MAPCHECK_RND(__MAPCHECK_F_F, __frcp)
__MAPCHECK_RND(__MAPCHECK_F_F, __fsqrt)
__MAPCHECK_RND(__MAPCHECK_DD_D, __dadd) __MAPCHECK_RND(__MAPCHECK_DD_D, __dsub)
__MAPCHECK_RND(__MAPCHECK_DD_D, __dmul) __MAPCHECK_RND(__MAPCHECK_DD_D, __ddiv)
__MAPCHECK_RND(__MAPCHECK_DDD_D, __fma) __MAPCHECK_RND(__MAPCHECK_D_D, __drcp)
__MAPCHECK_RND(__MAPCHECK_D_D, __dsqrt)
#define __MAPCHECK_CONV(R, A, n) __device__ R n(A);
#define __MAPCHECK_CONV_RND(R, A, base)                                                          \
  __MAPCHECK_CONV(R, A, base##_rd) __MAPCHECK_CONV(R, A, base##_rn)                              \
  __MAPCHECK_CONV(R, A, base##_ru) __MAPCHECK_CONV(R, A, base##_rz)
__MAPCHECK_CONV(int, float, __float2int_rd) __MAPCHECK_CONV(int, float, __float2int_ru)
__MAPCHECK_CONV(unsigned, float, __float2uint_rd) __MAPCHECK_CONV(unsigned, float, __float2uint_ru)
__MAPCHECK_CONV(unsigned, float, __float2uint_rz)
__MAPCHECK_CONV_RND(long long, float, __float2ll) __MAPCHECK_CONV_RND(unsigned long long, float, __float2ull)
__MAPCHECK_CONV(float, int, __int2float_rd) __MAPCHECK_CONV(float, int, __int2float_ru)
__MAPCHECK_CONV(float, int, __int2float_rz)
__MAPCHECK_CONV_RND(float, unsigned, __uint2float) __MAPCHECK_CONV_RND(float, long long, __ll2float)
__MAPCHECK_CONV_RND(float, unsigned long long, __ull2float)
__MAPCHECK_CONV_RND(float, double, __double2float) __MAPCHECK_CONV_RND(int, double, __double2int)
__MAPCHECK_CONV_RND(unsigned, double, __double2uint) __MAPCHECK_CONV_RND(long long, double, __double2ll)
__MAPCHECK_CONV_RND(unsigned long long, double, __double2ull)
__MAPCHECK_CONV_RND(double, long long, __ll2double) __MAPCHECK_CONV_RND(double, unsigned long long, __ull2double)
__MAPCHECK_CONV(double, int, __int2double_rn) __MAPCHECK_CONV(double, unsigned, __uint2double_rn)
__MAPCHECK_CONV(int, double, __double2hiint) __MAPCHECK_CONV(int, double, __double2loint)
__MAPCHECK_CONV(long long, double, __double_as_longlong)
__MAPCHECK_CONV(double, long long, __longlong_as_double)
__device__ double __hiloint2double(int, int);

/* Integer intrinsics beyond those the lowering computes (`__popc`, `__clz`, `__mul24`, ...). */
__MAPCHECK_II_I(__hadd) __MAPCHECK_II_I(__rhadd) __MAPCHECK_UU_U(__uhadd)
__MAPCHECK_UU_U(__urhadd)
__device__ long long __mul64hi(long long, long long);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
__device__ unsigned long long __brevll(unsigned long long);
__device__ unsigned int __funnelshift_lc(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_rc(unsigned int, unsigned int, unsigned int);
__device__ int __dp4a(int, int, int);
__device__ unsigned int __dp4a(unsigned int, unsigned int, unsigned int);
__device__ int __dp2a_lo(int, int, int);
__device__ int __dp2a_hi(int, int, int);
__device__ unsigned int __fns(unsigned int, unsigned int, int);
/* SIMD within a word: two 16-bit or four 8-bit lanes. */
#define __MAPCHECK_SIMD(n) __MAPCHECK_UU_U(n##2) __MAPCHECK_UU_U(n##4)
__MAPCHECK_SIMD(__vabsdiffs) __MAPCHECK_SIMD(__vabsdiffu) __MAPCHECK_SIMD(__vadd)
__MAPCHECK_SIMD(__vaddss) __MAPCHECK_SIMD(__vaddus) __MAPCHECK_SIMD(__vavgs)
__MAPCHECK_SIMD(__vavgu) __MAPCHECK_SIMD(__vcmpeq) __MAPCHECK_SIMD(__vcmpges)
__MAPCHECK_SIMD(__vcmpgeu) __MAPCHECK_SIMD(__vcmpgts) __MAPCHECK_SIMD(__vcmpgtu)
__MAPCHECK_SIMD(__vcmples) __MAPCHECK_SIMD(__vcmpleu) __MAPCHECK_SIMD(__vcmplts)
__MAPCHECK_SIMD(__vcmpltu) __MAPCHECK_SIMD(__vcmpne) __MAPCHECK_SIMD(__vhaddu)
__MAPCHECK_SIMD(__vmaxs) __MAPCHECK_SIMD(__vmaxu) __MAPCHECK_SIMD(__vmins)
__MAPCHECK_SIMD(__vminu) __MAPCHECK_SIMD(__vsads) __MAPCHECK_SIMD(__vsadu)
__MAPCHECK_SIMD(__vseteq) __MAPCHECK_SIMD(__vsetges) __MAPCHECK_SIMD(__vsetgeu)
__MAPCHECK_SIMD(__vsetgts) __MAPCHECK_SIMD(__vsetgtu) __MAPCHECK_SIMD(__vsetles)
__MAPCHECK_SIMD(__vsetleu) __MAPCHECK_SIMD(__vsetlts) __MAPCHECK_SIMD(__vsetltu)
__MAPCHECK_SIMD(__vsetne) __MAPCHECK_SIMD(__vsub) __MAPCHECK_SIMD(__vsubss)
__MAPCHECK_SIMD(__vsubus)
__MAPCHECK_U_U(__vabs2) __MAPCHECK_U_U(__vabs4) __MAPCHECK_U_U(__vabsss2)
__MAPCHECK_U_U(__vabsss4) __MAPCHECK_U_U(__vneg2) __MAPCHECK_U_U(__vneg4)
__MAPCHECK_U_U(__vnegss2) __MAPCHECK_U_U(__vnegss4)

/* Warp-level functions and special registers: values, not memory. */
template <class T> __device__ T __reduce_min_sync(unsigned mask, T value);
template <class T> __device__ T __reduce_max_sync(unsigned mask, T value);
template <class T> __device__ T __reduce_and_sync(unsigned mask, T value);
template <class T> __device__ T __reduce_or_sync(unsigned mask, T value);
template <class T> __device__ T __reduce_xor_sync(unsigned mask, T value);
template <class T> __device__ unsigned __match_all_sync(unsigned mask, T value, int *pred);
__device__ int __all_sync(unsigned mask, int pred);
__device__ unsigned int __lanemask_le(void);
__device__ unsigned int __lanemask_eq(void);
__device__ unsigned int __lanemask_gt(void);
__device__ unsigned int __lanemask_ge(void);
__device__ void __nanosleep(unsigned int);
__device__ void __prof_trigger(int);
__device__ void __trap(void);
__device__ void __brkpt(void);
__device__ unsigned long long __globaltimer(void);

/* Loads and stores with cache hints: `__ld*` read the cell their pointer names and `__st*`
 * write it (both modelled by name in `calls.rs`, like `__ldg`). */
template <class T> __device__ T __ldca(const T *ptr);
template <class T> __device__ T __ldcg(const T *ptr);
template <class T> __device__ T __ldcs(const T *ptr);
template <class T> __device__ T __ldlu(const T *ptr);
template <class T> __device__ T __ldcv(const T *ptr);
template <class T> __device__ void __stwb(T *ptr, T value);
template <class T> __device__ void __stcg(T *ptr, T value);
template <class T> __device__ void __stcs(T *ptr, T value);
template <class T> __device__ void __stwt(T *ptr, T value);

/* Atomics of every scope: each is one atomic read-modify-write of the cell its pointer
 * names (the lowering reads `atomicX_block` and `atomicX_system` as `atomicX`). */
#define __MAPCHECK_ATOMIC_SCOPES(name)                                                           \
  template <class T> __device__ T name##_block(T *address, T val);                               \
  template <class T> __device__ T name##_system(T *address, T val);
__MAPCHECK_ATOMIC_SCOPES(atomicSub) __MAPCHECK_ATOMIC_SCOPES(atomicMin)
__MAPCHECK_ATOMIC_SCOPES(atomicMax) __MAPCHECK_ATOMIC_SCOPES(atomicAnd)
__MAPCHECK_ATOMIC_SCOPES(atomicOr) __MAPCHECK_ATOMIC_SCOPES(atomicXor)
__MAPCHECK_ATOMIC_SCOPES(atomicInc) __MAPCHECK_ATOMIC_SCOPES(atomicDec)
template <class T> __device__ T atomicCAS_block(T *address, T compare, T val);
template <class T> __device__ T atomicCAS_system(T *address, T compare, T val);
__device__ long long atomicMin(long long *address, long long val);
__device__ long long atomicMax(long long *address, long long val);
__device__ unsigned short atomicCAS(unsigned short *address, unsigned short compare,
                                    unsigned short val);

/* Names users often define themselves: templates, which a user's own function beats. */
template <class __T = void> __device__ float saturate(float x);

#undef __MAPCHECK_F_F
#undef __MAPCHECK_FF_F
#undef __MAPCHECK_FFF_F
#undef __MAPCHECK_D_D
#undef __MAPCHECK_DD_D
#undef __MAPCHECK_DDD_D
#undef __MAPCHECK_UU_U
#undef __MAPCHECK_U_U
#undef __MAPCHECK_II_I
#undef __MAPCHECK_RND
#undef __MAPCHECK_MATH_1
#undef __MAPCHECK_MATH_2
#undef __MAPCHECK_CONV
#undef __MAPCHECK_CONV_RND
#undef __MAPCHECK_SIMD
#undef __MAPCHECK_ATOMIC_SCOPES

/* END TABLE */
#endif
