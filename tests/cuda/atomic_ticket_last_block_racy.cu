//xfail:data-race
//--blockDim=32 --gridDim=4
// mapcheck: data-dependent
// The twin of atomic_ticket_last_block.cu whose test every ticket passes (tickets are below
// gridDim.x): thread 0 of every block writes its block index to *result. A race between blocks.

__global__ void last_block(unsigned *count, int *result)
{
    if (threadIdx.x == 0) {
        unsigned ticket = atomicAdd(count, 1u);
        if (ticket < gridDim.x)
            *result = blockIdx.x;
    }
}
