//pass
//--blockDim=32 --gridDim=1
// mapcheck: data-dependent
// Bitonic sort of 32 keys in shared memory (CUDA samples, bitonicSortShared, one element per
// thread). In step (k, j) the partner of t is ixj = t ^ j; only the smaller index of each
// pair (ixj > t) compares and possibly swaps s[t] and s[ixj]. The pairs {t, t ^ j} partition
// the block, so distinct threads touch disjoint cells; a barrier ends every step: race free.
// Data-dependent: whether to swap depends on the keys.

#define NUM 32

__global__ void bitonic_sort(int *values)
{
    __shared__ int shared[NUM];
    const unsigned int tid = threadIdx.x;
    shared[tid] = values[tid];
    __syncthreads();

    for (unsigned int k = 2; k <= NUM; k *= 2) {
        for (unsigned int j = k / 2; j > 0; j /= 2) {
            unsigned int ixj = tid ^ j;
            if (ixj > tid) {
                if ((tid & k) == 0) {
                    if (shared[tid] > shared[ixj]) {
                        int t = shared[tid]; shared[tid] = shared[ixj]; shared[ixj] = t;
                    }
                } else {
                    if (shared[tid] < shared[ixj]) {
                        int t = shared[tid]; shared[tid] = shared[ixj]; shared[ixj] = t;
                    }
                }
            }
            __syncthreads();
        }
    }
    values[tid] = shared[tid];
}
