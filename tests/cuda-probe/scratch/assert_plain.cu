//pass
//--blockDim=64 --gridDim=1
// Without NDEBUG a failing assert stops the thread (the launch reports an error): threads
// 32..63 never store. Whether this counts as race free is a matter of contract.
#include <assert.h>
__global__ void k(int *A)
{
    assert(threadIdx.x < 32);
    A[threadIdx.x % 32] = threadIdx.x;
}
