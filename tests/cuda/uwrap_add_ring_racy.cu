//xfail:data-race
//--blockDim=96 --gridDim=1
// mapcheck: exact
// Unsigned `+` wraps at 2^32 (issue 14). A ring buffer of 96 slots whose head counter has
// wrapped round: head = 4294967280 (2^32 - 16). For t >= 16, head + t wraps to t - 16 and the
// slot is (t - 16) % 96; for t < 16 the sum 2^32 - 16 + t does not wrap and its residue is
// (2^32 mod 96 = 64) 48 + t. So thread 0 (slot 48) and thread 64 (slot 48) collide, and both
// write ring[48] in the same interval: a write-write race. In unbounded integers the slots
// (t + 48) % 96 would be distinct. Host check: host/uwrap_add_ring_racy.cpp.

#define RING 96

__global__ void ring_push(const float *in, float *out)
{
    __shared__ float ring[RING];
    unsigned head = 4294967280u;
    unsigned slot = (head + threadIdx.x) % RING;
    ring[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[(slot + 1) % RING];
}
