//xfail:data-race
//--blockDim=64 --gridDim=1 -DN=67108865
// mapcheck: data-dependent
// Slots claimed with atomicAdd(count, 1) in a loop of N = 2^26 + 1 trips by 64 threads:
// 2^32 + 64 updates of a 32-bit counter, which wraps, so the first claim and the 2^32-th
// both get slot 0 (two threads write out[0]). The launch and every parameter are fixed, so
// no launch convention stands in for the count of updates (probe round 5, F3: the
// convention "each atomic counter gets fewer than 2^32 updates" was still assumed, `drf`).
__global__ void claim(unsigned *count, int *out)
{
    for (int i = 0; i < N; ++i)
        out[atomicAdd(count, 1u)] = threadIdx.x;
}
