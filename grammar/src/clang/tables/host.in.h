/* mapcheck's host C library (no NVIDIA text), included by `__mapcheck_cuda.h`.
 *
 * nvcc includes `cuda_runtime.h` in every `.cu` file, and through it the C library: a host
 * `main` may call `malloc`, `free`, `exit`, `rand` or `printf` and use `NULL`, `EXIT_SUCCESS` or
 * `RAND_MAX` without an include. This header makes the same names visible, declared as the
 * system's headers declare them, so that a later `#include <stdlib.h>`, `<cstdlib>`,
 * `<string.h>`, `<math.h>` or `<cmath>` redeclares them compatibly: the functions are
 * `noexcept`, as glibc's `__THROW` makes them in C++ (a system header that leaves the
 * specification out is then only warned about, which `-w` silences). `<stdio.h>` is the
 * system's own (its `FILE` and `stderr` are the platform's); `<stdlib.h>` and `<math.h>` are
 * not included, because in C++ they bring libstdc++'s `<cstdlib>` and `<cmath>`, which make
 * clang's AST dump several times larger (`<math.h>`: 140 MB of JSON instead of 3 MB).
 *
 * These are host functions: mapcheck never reads host code. The device-side declarations of
 * the same names (`printf`, `malloc`, `free`, `memset`, `memcpy`, the math functions) are in
 * `__mapcheck_cuda.h`, as separate `__device__` overloads. */
#ifndef __MAPCHECK_HOST_H
#define __MAPCHECK_HOST_H

#include <stdio.h>

#ifndef NULL
#define NULL __null
#endif
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define CLOCKS_PER_SEC ((clock_t)1000000)
# define M_E		2.7182818284590452354	/* e */
# define M_LOG2E	1.4426950408889634074	/* log_2 e */
# define M_LOG10E	0.43429448190325182765	/* log_10 e */
# define M_LN2		0.69314718055994530942	/* log_e 2 */
# define M_LN10		2.30258509299404568402	/* log_e 10 */
# define M_PI		3.14159265358979323846	/* pi */
# define M_PI_2		1.57079632679489661923	/* pi/2 */
# define M_PI_4		0.78539816339744830962	/* pi/4 */
# define M_1_PI		0.31830988618379067154	/* 1/pi */
# define M_2_PI		0.63661977236758134308	/* 2/pi */
# define M_2_SQRTPI	1.12837916709551257390	/* 2/sqrt(pi) */
# define M_SQRT2	1.41421356237309504880	/* sqrt(2) */
# define M_SQRT1_2	0.70710678118654752440	/* 1/sqrt(2) */

typedef long clock_t;
typedef long time_t;

/* BEGIN TABLE */
extern "C" {
/* <stdlib.h> */
void *malloc(size_t) noexcept;
void *calloc(size_t, size_t) noexcept;
void *realloc(void *, size_t) noexcept;
void free(void *) noexcept;
void exit(int) noexcept __attribute__((__noreturn__));
void abort(void) noexcept __attribute__((__noreturn__));
int atexit(void (*)(void)) noexcept;
int rand(void) noexcept;
void srand(unsigned int) noexcept;
int atoi(const char *) noexcept;
long atol(const char *) noexcept;
double atof(const char *) noexcept;
long strtol(const char *, char **, int) noexcept;
unsigned long strtoul(const char *, char **, int) noexcept;
double strtod(const char *, char **) noexcept;
float strtof(const char *, char **) noexcept;
char *getenv(const char *) noexcept;
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
int abs(int) noexcept __attribute__((__const__));
long labs(long) noexcept __attribute__((__const__));
/* <string.h> (not `strchr` and its kin, which C++ overloads on `const`) */
void *memcpy(void *, const void *, size_t) noexcept;
void *memmove(void *, const void *, size_t) noexcept;
void *memset(void *, int, size_t) noexcept;
int memcmp(const void *, const void *, size_t) noexcept;
size_t strlen(const char *) noexcept;
int strcmp(const char *, const char *) noexcept;
int strncmp(const char *, const char *, size_t) noexcept;
char *strcpy(char *, const char *) noexcept;
char *strncpy(char *, const char *, size_t) noexcept;
char *strcat(char *, const char *) noexcept;
/* <time.h> */
clock_t clock(void) noexcept;
time_t time(time_t *) noexcept;
/* <math.h>: the double and float functions (C++'s `float` overloads come with `<cmath>`). */
#define __MAPCHECK_HOST_MATH1(name) double name(double) noexcept; float name##f(float) noexcept;
#define __MAPCHECK_HOST_MATH2(name)                                                              \
  double name(double, double) noexcept; float name##f(float, float) noexcept;
__MAPCHECK_HOST_MATH1(sqrt) __MAPCHECK_HOST_MATH1(cbrt) __MAPCHECK_HOST_MATH1(exp)
__MAPCHECK_HOST_MATH1(exp2) __MAPCHECK_HOST_MATH1(expm1) __MAPCHECK_HOST_MATH1(log)
__MAPCHECK_HOST_MATH1(log2) __MAPCHECK_HOST_MATH1(log10) __MAPCHECK_HOST_MATH1(log1p)
__MAPCHECK_HOST_MATH1(sin) __MAPCHECK_HOST_MATH1(cos) __MAPCHECK_HOST_MATH1(tan)
__MAPCHECK_HOST_MATH1(asin) __MAPCHECK_HOST_MATH1(acos) __MAPCHECK_HOST_MATH1(atan)
__MAPCHECK_HOST_MATH1(sinh) __MAPCHECK_HOST_MATH1(cosh) __MAPCHECK_HOST_MATH1(tanh)
__MAPCHECK_HOST_MATH1(fabs) __MAPCHECK_HOST_MATH1(floor) __MAPCHECK_HOST_MATH1(ceil)
__MAPCHECK_HOST_MATH1(round) __MAPCHECK_HOST_MATH1(trunc) __MAPCHECK_HOST_MATH1(erf)
__MAPCHECK_HOST_MATH1(erfc) __MAPCHECK_HOST_MATH1(lgamma) __MAPCHECK_HOST_MATH1(tgamma)
__MAPCHECK_HOST_MATH1(rint) __MAPCHECK_HOST_MATH1(nearbyint)
__MAPCHECK_HOST_MATH2(pow) __MAPCHECK_HOST_MATH2(fmin) __MAPCHECK_HOST_MATH2(fmax)
__MAPCHECK_HOST_MATH2(fmod) __MAPCHECK_HOST_MATH2(atan2) __MAPCHECK_HOST_MATH2(hypot)
__MAPCHECK_HOST_MATH2(copysign) __MAPCHECK_HOST_MATH2(fdim)
#undef __MAPCHECK_HOST_MATH1
#undef __MAPCHECK_HOST_MATH2
double fma(double, double, double) noexcept;
float fmaf(float, float, float) noexcept;
double frexp(double, int *) noexcept;
float frexpf(float, int *) noexcept;
double ldexp(double, int) noexcept;
float ldexpf(float, int) noexcept;
double modf(double, double *) noexcept;
float modff(float, float *) noexcept;
}

/* END TABLE */
#endif
