//pass
//--blockDim=[64] -DN=128
// mapcheck: exact
// A block-stride loop with a barrier inside: thread t runs i = t, t + 64 (N = 128 is a
// multiple of the block), so every thread runs two trips and reaches the barrier twice;
// CUDA matches a loop's barriers by arrival (the k-th __syncthreads() of every thread is one
// barrier), so the block stays aligned. Each trip writes a different cell per thread
// (i = t + 64 j) and reads its neighbour's cell of the same trip only after the barrier.
// Probe round 4, W9: the barriers were told apart by the value of `i` (thread 0's i = 0 and
// thread 1's i = 1 were different barriers), a false proven barrier divergence.
__global__ void k(int *a, int *b)
{
    __shared__ int s[N];
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        s[i] = a[i];
        __syncthreads();
        b[i] = s[i ^ 1];
    }
}
