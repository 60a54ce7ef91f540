//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of probe_assert_ndebug_racy: the store is to A[t % 64], distinct for all 64 threads,
// whatever assert does.

#define NDEBUG
#include <assert.h>

__global__ void checked_store(int *A)
{
    assert(threadIdx.x < 32);
    A[threadIdx.x % 64] = threadIdx.x;
}
