/* mapcheck: `cutil_math.h`, the old CUDA SDK's name of `helper_math.h`. */
#include "helper_math.h"
