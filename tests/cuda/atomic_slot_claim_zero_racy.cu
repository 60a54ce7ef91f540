//xfail:data-race
//--blockDim=64 --gridDim=4
// mapcheck: data-dependent
// The twin of atomic_slot_claim_global.cu whose increment is 0: every atomicAdd(count, 0)
// returns the same value (the counter never moves), so every claiming thread stores to the
// same slot of `out`. Racy (two threads of block 0 with positive elements suffice).

__global__ void claim(const int *in, int *out, unsigned *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        unsigned slot = atomicAdd(count, 0u);
        out[slot] = in[i];
    }
}
