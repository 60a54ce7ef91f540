//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: data-dependent
// (Data-dependent by SPEC §5: an `assume` under control is no precondition of the launch.)
// A `__requires` under a condition bounds `width` only in runs that take the branch: with
// flag = 0 and width = 2^31, block 2's row starts at 2 * 2^31 mod 2^32 = 0 (unsigned
// arithmetic wraps), inside block 0's row, so threads (block 0, t) and (block 2, t) both
// write out[t], storing 0 and 2: a write-write race. The range the lowering learns from a
// kernel-level `__requires` (to skip wrap-around masks) must not come from this one.
__global__ void rows_bounded_sometimes(unsigned *out, unsigned width, int flag)
{
    __requires(width >= 64);
    if (flag) {
        __requires(width <= 1024);
    }
    out[blockIdx.x * width + threadIdx.x] = blockIdx.x;
}
