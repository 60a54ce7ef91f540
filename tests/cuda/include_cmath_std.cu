//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// Device code calling the C++ library through <cmath>: std::sqrt of a float
// (libstdc++'s inline wrapper of __builtin_sqrtf, a call mapcheck does not follow), std::abs
// of an int and CUDA's min. An unknown call may touch every global the file declares; the
// hundreds of `static const` members of the library's headers (`__digits10`, ...) were
// among them, so this kernel was possibly-racy with alarms on `__digits10` (session 16,
// once <cmath> stopped being refused); a `const` object cannot be written, and an unknown call
// now leaves such objects alone. Thread i = blockIdx.x * 64 + threadIdx.x reads and writes
// a[i] and writes b[i] only: race free.
#include <cmath>
#include <algorithm>

__global__ void root(float *a, int *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = std::sqrt(a[i]);
    b[i] = min(std::abs(i - 5), n);
}
