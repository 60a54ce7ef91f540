//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: data-dependent
// Bitonic sort without the `ixj > tid` guard: both threads of a pair read the same two cells
// and the one that sees them out of order swaps them, in the same phase. With keys 1, 0 at
// step k = 2, j = 1, thread 0 writes shared[0] and shared[1] while thread 1 reads them: a
// read-write race whenever some pair is out of order.

#define NUM 32

__global__ void bitonic_sort_racy(int *values)
{
    __shared__ int shared[NUM];
    const unsigned int tid = threadIdx.x;
    shared[tid] = values[tid];
    __syncthreads();

    for (unsigned int k = 2; k <= NUM; k *= 2) {
        for (unsigned int j = k / 2; j > 0; j /= 2) {
            unsigned int ixj = tid ^ j;
            bool up = (tid & k) == 0;
            int a = shared[tid], b = shared[ixj];
            if ((a > b) == up) {          // BUG: both partners swap
                shared[tid] = b;
                shared[ixj] = a;
            }
            __syncthreads();
        }
    }
    values[tid] = shared[tid];
}
