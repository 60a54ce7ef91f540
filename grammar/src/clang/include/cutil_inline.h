/* mapcheck: `cutil_inline.h` declares what `cutil.h` declares. */
#include "cutil.h"
