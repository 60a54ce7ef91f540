//xfail:data-race
//--blockDim=128 --gridDim=16
// mapcheck: data-dependent
// Stream compaction with a global atomic counter, with a bug: the counter is read with a
// plain load to compute the slot, then incremented atomically. Two threads can read the same
// counter value (a plain read racing with atomic writes of the counter is itself a data race)
// and write the same output slot.

__global__ void compact_positive(const int *in, int *out, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        int slot = *count;                 // BUG: should be atomicAdd(count, 1)
        atomicAdd(count, 1);
        out[slot] = in[i];
    }
}
