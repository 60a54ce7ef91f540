/* mapcheck: `device_launch_parameters.h` declares what `__mapcheck_cuda.h` declares. */
#include "__mapcheck_cuda.h"
