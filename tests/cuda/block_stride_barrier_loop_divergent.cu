//xfail:barrier-divergence
//--blockDim=[64] -DN=100
// mapcheck: exact
// The block-stride loop of block_stride_barrier_loop.cu over N = 100 elements, which is not a
// multiple of the block: threads 0..35 run two trips and threads 36..63 one, so the second
// trip's barrier is reached by part of the block only (barrier divergence, undefined in CUDA).
__global__ void k(int *a, int *b)
{
    __shared__ int s[N];
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        s[i] = a[i];
        __syncthreads();
        b[i] = s[i];
    }
}
