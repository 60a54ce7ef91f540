//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: with NDEBUG defined before <assert.h>, assert(c) expands to nothing
// (C++ [assertions], C 7.2), so all 64 threads run the store and t, t + 32 write A[t % 32].
// mapcheck's force-included header defines assert as a precondition regardless of NDEBUG:
// `drf`. (A CMake Release build passes -DNDEBUG, so this is the common build of a kernel.)

#define NDEBUG
#include <assert.h>

__global__ void checked_store(int *A)
{
    assert(threadIdx.x < 32);
    A[threadIdx.x % 32] = threadIdx.x;
}
