//pass
//--blockDim=32 --gridDim=4
// mapcheck: data-dependent
// The last-block pattern: thread 0 of each block takes a ticket with atomicAdd(count, 1); the
// atomics of the grid return 0, 1, 2, 3 in some order, so exactly one block has the ticket
// gridDim.x - 1 and writes *result. Race free. (mapcheck's replay runs each block on its own
// memory, where both blocks' atomics returned 1, and once "confirmed" a race between blocks.)

__global__ void last_block(unsigned *count, int *result)
{
    if (threadIdx.x == 0) {
        unsigned ticket = atomicAdd(count, 1u);
        if (ticket == gridDim.x - 1)
            *result = blockIdx.x;
    }
}
