//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: data-dependent
// The twin of atomic_slot_claim_global.cu where thread 5 resets the counter with
// atomicExch(count, 0) (atomic, so no race on the counter itself): a thread that claims after
// the reset gets a value an earlier claim got (thread 0 claims 0, thread 5 resets, thread 6
// claims 0), and both store to out[0]. Racy.

__global__ void claim(int *out, unsigned *count)
{
    if (threadIdx.x == 5)
        atomicExch(count, 0u);
    else {
        unsigned slot = atomicAdd(count, 1u);
        out[slot] = threadIdx.x;
    }
}
