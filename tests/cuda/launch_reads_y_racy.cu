//xfail:data-race
// mapcheck: exact
// No geometry at all. The kernel reads threadIdx.y (in its condition), so the y dimension of
// the block is not fixed by the launch conventions (SPEC §8): blocks may be (X, Y, 1) with
// Y > 1. Threads (x, 1) and (x, 2) both pass the test threadIdx.y > 0 and both write
// out[blockIdx.x * blockDim.x + x]: a write-write race of two different values (their y).

__global__ void rows_x(int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.y > 0)
        out[i] = threadIdx.y;
}
