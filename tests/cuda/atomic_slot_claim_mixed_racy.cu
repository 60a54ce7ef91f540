//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: data-dependent
// The twin of atomic_slot_claim_global.cu where odd threads give a slot back with
// atomicSub(count, 1) and use the value they saw: with thread 0 adding (0 -> 1) and thread 1
// subtracting (1 -> 0), then thread 2 adding again, threads 0 and 2 both see 0 and store to
// out[0]. The counter moves both ways, so its values repeat. Racy.

__global__ void claim(int *out, unsigned *count)
{
    unsigned slot;
    if (threadIdx.x % 2 == 0)
        slot = atomicAdd(count, 1u);
    else
        slot = atomicSub(count, 1u);
    out[slot] = threadIdx.x;
}
