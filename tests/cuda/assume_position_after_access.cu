//pass
//--gridDim=1
// mapcheck: exact
// The twin of assume_position_after_access_racy.cu with the assertion first: every write
// happens only in runs where blockDim.x <= 4, where the threads' cells a[tid % 4] = a[tid]
// are distinct. Race free.
#include <assert.h>

__global__ void assert_then_write(int *a)
{
    assert(blockDim.x <= 4);
    a[threadIdx.x % 4] = threadIdx.x;
}
