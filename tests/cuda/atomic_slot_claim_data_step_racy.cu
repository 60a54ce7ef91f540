//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: data-dependent
// The twin of atomic_slot_claim_global.cu that reserves in[i] slots at once: an element 0
// reserves none, so its atomicAdd returns the value the next update returns too, and two
// threads store to one slot (in[0] = 0, in[1] = 1: both get the counter's first value).
// Racy.

__global__ void claim(const int *in, int *out, unsigned *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] >= 0) {
        unsigned slot = atomicAdd(count, (unsigned)in[i]);
        out[slot] = i;
    }
}
