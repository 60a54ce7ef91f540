//xfail:data-race
//--blockDim=96 --gridDim=1
// mapcheck: exact
// An `unsigned` parameter can exceed 2^31 (issue 14): with offset = 4294967280 (2^32 - 16),
// offset + t wraps for t >= 16, and the slots (offset + t) % 96 of threads 0 and 64 are both 48
// (see uwrap_add_ring_racy.cu): they write ring[48] in the same interval, a write-write race.
// For offsets below 2^31 the 96 slots would be distinct. Host check (the witness offset):
// host/uwrap_param_offset_racy.cpp.

__global__ void ring_push_at(const float *in, float *out, unsigned offset)
{
    __shared__ float ring[96];
    unsigned slot = (offset + threadIdx.x) % 96;
    ring[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[slot];
}
