//pass
//--blockDim=64 --gridDim=8
// mapcheck: exact
// `bool upper = threadIdx.x & 32` is 1 exactly for threads 32..63 (the value 32 converts to
// true). Each thread writes out[64 * blockIdx.x + 32 * upper + (threadIdx.x & 31)], which is
// its global index: distinct threads, distinct cells: race free. Host check:
// host/conv_bool_flag.cpp.

__global__ void split_halves(const float *in, float *out)
{
    bool upper = threadIdx.x & 32;
    out[64 * blockIdx.x + 32 * upper + (threadIdx.x & 31)] = in[threadIdx.x];
}
