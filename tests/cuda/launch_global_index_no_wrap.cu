//pass
// mapcheck: exact
// The textbook 1-D global index, computed in unsigned 32-bit arithmetic. It wraps only for a
// grid of more than 2^32 threads along x; the launch conventions (SPEC §8) take the grid small
// enough that the ids do not wrap (gridDim.x * blockDim.x <= 2^31), and the unread y and z
// dimensions 1. Then distinct threads write distinct cells: race free.

__global__ void scale(unsigned n, int *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 2 * i;
}
