//xfail:data-race
//--blockDim=4 --gridDim=8
// mapcheck: exact
// An implicit conversion to `bool` (issue 14): `bool busy = threadIdx.x & 3` is 0 for thread 0
// and 1 for threads 1, 2 and 3 (any non-zero value converts to true). Threads 1, 2 and 3 of a
// block all write flags[4 * blockIdx.x + 1]: a write-write race. Without the conversion the
// cells 4b + (t & 3) would be distinct. Host check: host/conv_bool_flag_racy.cpp.

__global__ void mark_busy(int *flags)
{
    bool busy = threadIdx.x & 3;
    flags[4 * blockIdx.x + busy] = threadIdx.x;
}
