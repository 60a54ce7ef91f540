//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An unsigned counter stepped by `i += 0xFFFFFFF0u` (C: modulo 2^32, so `i -= 16`) from a
// thread-dependent start (issue 20 item 2): thread t with 7t < 256 runs i = 7t, 7t - 16, ...
// down to 7t mod 16, and the next step wraps i to at least 2^32 - 16, which ends `i < 256`;
// threads with 7t >= 256 run no iteration. Each thread writes row i, column t of a 64-wide
// table: its own column, race free (host/loop_unsigned_wrap_down.cpp runs the loop with g++,
// unsigned wraparound included: race-free).

__global__ void wrap_down(unsigned *a)
{
    for (unsigned i = 7 * threadIdx.x; i < 256u; i += 0xFFFFFFF0u)
        a[i * 64 + threadIdx.x] = i;
}
