/* mapcheck: host-side curand is not read; the device API is in `curand_kernel.h`. */
#include "curand_kernel.h"
