//xfail:data-race
//--blockDim=64 --gridDim=1
// With NDEBUG, assert does nothing: every thread runs and t, t + 32 collide.
#define NDEBUG
#include <assert.h>
__global__ void k(int *A)
{
    assert(threadIdx.x < 32);
    A[threadIdx.x % 32] = threadIdx.x;
}
