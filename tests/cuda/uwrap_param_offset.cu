//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same ring of 64 slots: for every unsigned offset, (offset + t) mod 2^32 mod 64 =
// (offset mod 64 + t) mod 64 because 64 divides 2^32, a bijection of the 64 threads onto the
// slots: race free for every value of the parameter. Host check (every residue of the offset
// modulo 64, near 0 and near 2^32): host/uwrap_param_offset.cpp.

__global__ void ring_push_at_pow2(const float *in, float *out, unsigned offset)
{
    __shared__ float ring[64];
    unsigned slot = (offset + threadIdx.x) % 64;
    ring[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[slot];
}
