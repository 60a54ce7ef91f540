//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// include_cmath_std.cu where b is indexed by std::abs(i - 5): threads 4 and 6 both write
// b[1], with the values min(4, n) and min(6, n), which differ when n > 4: a data race.
#include <cmath>
#include <algorithm>

__global__ void root(float *a, int *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = std::sqrt(a[i]);
    b[std::abs(i - 5)] = min(i, n);
}
