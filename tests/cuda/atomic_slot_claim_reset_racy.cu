//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: data-dependent
// The twin of atomic_slot_claim_shared.cu that claims in two rounds with a reset between
// them (each round in a phase of its own, the reset behind barriers: no race on the counter)
// and stores both claims in the last phase: thread 0's first claim and thread 1's second claim
// (with thread 0 claiming first in both rounds) are both 0, and both threads store to
// out[0]. Racy.

__global__ void claim(int *out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    unsigned first = atomicAdd(&count, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    unsigned second = atomicAdd(&count, 1);
    out[2 * first] = threadIdx.x;
    out[2 * second] = threadIdx.x;
}
