//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same wrapped head with a ring of 64 slots: 64 divides 2^32, so (head + t) mod 2^32 mod 64
// = (head mod 64 + t) mod 64 = (48 + t) mod 64, a bijection of the 64 threads onto the slots:
// each thread writes its own ring[slot]; reads follow the barrier: race free. Host check:
// host/uwrap_add_ring.cpp.

#define RING 64

__global__ void ring_push_pow2(const float *in, float *out)
{
    __shared__ float ring[RING];
    unsigned head = 4294967280u;
    unsigned slot = (head + threadIdx.x) % RING;
    ring[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[(slot + 1) % RING];
}
