/* mapcheck: `cuda_profiler_api.h` declares what `__mapcheck_cuda.h` declares. */
#include "__mapcheck_cuda.h"
