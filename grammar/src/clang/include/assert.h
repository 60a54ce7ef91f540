/* mapcheck's `assert.h`: `assert(c)` is a precondition of the kernel (see `__mapcheck_cuda.h`),
 * or nothing under `NDEBUG`. No include guard: as C's `<assert.h>` (C 7.2), each inclusion
 * defines `assert` by whether `NDEBUG` is defined at that point. */
#include "__mapcheck_cuda.h"
#undef assert
#ifdef NDEBUG
#define assert(c) ((void)0)
#else
#define assert(c) __mapcheck_assert(c)
#endif
