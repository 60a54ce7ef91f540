//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A cast between element types of the same size: the bits of float s[t] are read through
// `unsigned *` (s and bits are the same 4-byte cells). Thread t writes s[t], then after the
// barrier reads bits[127 - t]: race free.

__global__ void float_bits(const float *in, unsigned *out)
{
    __shared__ float s[128];
    unsigned *bits = (unsigned *)s;
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = bits[127 - threadIdx.x];
}
