//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An unsigned counter that wraps (C's unsigned arithmetic is modulo 2^32): `i += 0xFFFFFFFCu`
// adds 2^32 - 4, which is subtracting 4. From 8, i is 8, 4, 0, then 0xFFFFFFFC, which is not
// below 16: three iterations (host/loop_unsigned_wrap_step_racy.cpp runs the loop with g++).
// Thread t writes a[2t + 2 - i / 4]: a[2t], a[2t + 1], a[2t + 2], and a[2t + 2] is the cell
// thread t + 1 writes in its first iteration, with another value: a write-write race. Read
// without the wrap (i as an unbounded integer), the second value 0x100000004 is past the bound
// and the racing iterations are lost.

__global__ void wrap_step(unsigned *a)
{
    unsigned t = threadIdx.x;
    for (unsigned i = 8; i < 16u; i += 0xFFFFFFFCu)
        a[2 * t + 2 - i / 4] = t;
}
