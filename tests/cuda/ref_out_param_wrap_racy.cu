//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `wrap(slot)` reduces the caller's `slot` modulo 32 through the reference `unsigned &i`, so
// threads t and t + 32 (t < 32) both write s[t] in the first barrier interval: a write-write
// race. A front end that reads `i` as a copy keeps slot = threadIdx.x and sees distinct cells.

__device__ void wrap(unsigned &i) { i = i % 32; }

__global__ void wrap_slots_half(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned slot = threadIdx.x;
    wrap(slot);
    s[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
