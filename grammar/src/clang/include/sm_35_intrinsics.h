/* mapcheck: `sm_35_intrinsics.h` declares what `__mapcheck_cuda.h` declares. */
#include "__mapcheck_cuda.h"
