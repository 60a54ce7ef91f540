/* mapcheck: `cuda_runtime_api.h` declares what `__mapcheck_cuda.h` declares. */
#include "__mapcheck_cuda.h"
