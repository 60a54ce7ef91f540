/* mapcheck: `sm_30_intrinsics.h` declares what `__mapcheck_cuda.h` declares. */
#include "__mapcheck_cuda.h"
