//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A conversion to `unsigned long long` reduces modulo 2^64: for x = -1, (unsigned long long)x
// is 2^64 - 1, above 4294967295, so every thread writes flag[0] with its own id: a
// write-write race (host check: host/uwrap_u64_guard_racy.cpp). Until session 7 the `int`
// arithmetic kept -1 here, the guard read false and the kernel came back drf (found by
// tests/tests/conversions.rs).

__global__ void wide_guard(int *flag, int x)
{
    if ((unsigned long long)x > 4294967295ull)
        flag[0] = threadIdx.x;
}
