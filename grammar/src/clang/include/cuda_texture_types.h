/* mapcheck: `cuda_texture_types.h` declares what `__mapcheck_cuda.h` declares. */
#include "__mapcheck_cuda.h"
