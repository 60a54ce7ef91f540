/* mapcheck: `sm_20_intrinsics.h` declares what `__mapcheck_cuda.h` declares. */
#include "__mapcheck_cuda.h"
