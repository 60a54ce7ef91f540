/* mapcheck's `cooperative_groups/reduce.h` (no NVIDIA text): group reductions are values the
 * threads of the group exchange, not memory. */
#ifndef __MAPCHECK_CG_REDUCE_H
#define __MAPCHECK_CG_REDUCE_H
#include "../cooperative_groups.h"
#endif
