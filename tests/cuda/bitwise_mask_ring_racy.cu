//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The mask taken from half the block, (t + head) & (blockDim.x / 2 - 1): slots repeat every
// 64 threads, so threads t and t + 64 both write ring[(t + head) & 63] before the barrier: a
// write-write race (for every head).

__global__ void ring_mask_half(const float *in, float *out, unsigned head)
{
    __shared__ float ring[128];
    unsigned slot = (threadIdx.x + head) & (blockDim.x / 2 - 1);
    ring[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
