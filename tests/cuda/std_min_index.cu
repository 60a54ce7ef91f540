//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The race-free twin of std_min_index_racy.cu: `std::min(t, 127)` is t for every thread of a
// block of 128, so each thread writes its own cell of s, and the barrier orders the writes
// before the reads of other cells.

#include <algorithm>

__global__ void k(int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[std::min(t, 127)] = t;
    __syncthreads();
    out[t] = s[std::max(127 - t, 0)];
}
