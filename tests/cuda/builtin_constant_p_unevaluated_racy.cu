//xfail:data-race
//--blockDim=[64]
// mapcheck: exact
// builtin_constant_p_unevaluated.cu with the neighbour's write outside the builtin: thread t
// writes s[t] and thread t - 1 writes 5 to s[t] in the same barrier interval, a write-write
// race with different values (thread 0 stores 0 in s[0], thread 63 stores 5 there).
__global__ void k(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    s[(threadIdx.x + 1) % 64] = 5;
    out[threadIdx.x] = __builtin_constant_p(threadIdx.x);
}
