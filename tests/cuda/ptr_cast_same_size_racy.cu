//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The bits read through the cast pointer without the barrier: thread 0 reads bits[127], the
// cell s[127] that thread 127 writes in the same interval: a read-write race through two
// names of one array.

__global__ void float_bits_nosync(const float *in, unsigned *out)
{
    __shared__ float s[128];
    unsigned *bits = (unsigned *)s;
    s[threadIdx.x] = in[threadIdx.x];
    out[threadIdx.x] = bits[127 - threadIdx.x];
}
