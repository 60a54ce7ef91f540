/* mapcheck: `sm_32_atomic_functions.h` declares what `__mapcheck_cuda.h` declares. */
#include "__mapcheck_cuda.h"
