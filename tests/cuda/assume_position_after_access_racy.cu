//xfail:data-race
//--gridDim=1
// mapcheck: exact
// An assertion constrains the runs from where it stands (SPEC §8): the write comes before the
// assert, so it happens in every launch, also in one of 8 threads, where threads 0 and 4 both
// write a[0] (different values) before the assertion fails and the kernel traps.
#include <assert.h>

__global__ void write_then_assert(int *a)
{
    a[threadIdx.x % 4] = threadIdx.x;
    assert(blockDim.x <= 4);
}
