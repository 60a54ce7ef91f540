//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: exact
// A `__requires` that bounds `width` only in one disjunct: with flag = 0 and width = 2^31,
// block 2's row starts at 2 * 2^31 mod 2^32 = 0 (unsigned arithmetic wraps), inside block 0's
// row, so threads (block 0, t) and (block 2, t) both write out[t], storing 0 and 2: a
// write-write race (width >= 64 keeps the rows apart when nothing wraps). The ranges the lowering learns from a kernel-level `__requires` (to skip
// wrap-around masks) come from its conjuncts only, never from one side of an `||`.
__global__ void rows_bounded_if_flagged(unsigned *out, unsigned width, int flag)
{
    __requires(width >= 64);
    __requires(flag == 0 || width <= 1024);
    out[blockIdx.x * width + threadIdx.x] = blockIdx.x;
}
