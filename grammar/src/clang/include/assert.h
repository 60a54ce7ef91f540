/* mapcheck's `assert.h`: `assert(c)` is a precondition of the kernel (see `__mapcheck_cuda.h`). */
#include "__mapcheck_cuda.h"
#ifndef assert
#define assert(c) __mapcheck_assert(c)
#endif
