//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `abs` folding the block around its middle: thread t writes out[abs(t - 32)], so threads 31
// and 33 both write out[1]: a race. Host check: host/intrin_abs_racy.cpp.

__global__ void fold_abs(const int *in, int *out)
{
    int t = threadIdx.x;
    out[abs(t - 32)] = in[t];
}
