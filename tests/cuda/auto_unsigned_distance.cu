//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `auto` deduces `unsigned` from threadIdx.x - 32: for t < 32 the difference wraps to
// 2^32 - 32 + t, the test `d < 0` is never true (the branch is dead), and d % 64 is t + 32
// (64 divides 2^32); for t >= 32 it is t - 32. The halves swap, a bijection: race free. (Read
// as a signed `int`, d would be folded to |t - 32| and threads 31 and 33 would collide.) Host
// check: host/auto_unsigned_distance.cpp.

__global__ void swap_halves_auto(const float *in, float *out)
{
    __shared__ float s[64];
    auto d = threadIdx.x - 32;
    if (d < 0)
        d = -d;
    s[d % 64] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
