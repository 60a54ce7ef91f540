//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// `std::min` of `<algorithm>` returns `const T &`: `(b < a) ? b : a` of its two reference
// parameters, the literal 63 bound to a temporary (probe round 7, t06: once refused, then
// `?`). Threads 63..127 all write s[63], with different values: a write-write race.

#include <algorithm>

__global__ void k(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[std::min(t, 63)] = t;
    __syncthreads();
    out[t] = s[t % 64];
}
