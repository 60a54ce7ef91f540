//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `abs` of an int (issue 20, item 5): thread t writes out[abs(t - 63)] = out[63 - t], a
// reversal of 0..63: distinct cells, race free. Host check: host/intrin_abs.cpp.

__global__ void reverse_abs(const int *in, int *out)
{
    int t = threadIdx.x;
    out[abs(t - 63)] = in[t];
}
