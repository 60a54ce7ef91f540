//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// The twin of requires_in_branch_wrap_racy.cu with the `__requires` at the kernel's top level:
// 64 <= width <= 1024, so blockIdx.x * width + threadIdx.x <= 3 * 1024 + 63 never wraps and
// block b writes out[b * width .. b * width + 63], disjoint rows since width >= 64: race free.
__global__ void rows_bounded(unsigned *out, unsigned width)
{
    __requires(width >= 64 && width <= 1024);
    out[blockIdx.x * width + threadIdx.x] = blockIdx.x;
}
