//xfail:data-race
//--blockDim=256 --gridDim=8
// mapcheck: exact
// An unsigned grid-stride loop with the stride of half the grid (1024 for 2048 threads),
// n any unsigned value: thread t of block 4 starts at 1024 + t, the second value of thread t
// of block 0, and both write A[1024 + t], storing their block ids 4 and 0, when n > 1024 + t:
// a race between blocks. The g++ host truth runs the loop with n = 5000. Race-free twin
// loop_unsigned_grid_stride.cu.

__global__ void fill(unsigned *A, unsigned n)
{
    for (unsigned i = blockIdx.x * 256 + threadIdx.x; i < n; i += 1024)
        A[i] = blockIdx.x;
}
