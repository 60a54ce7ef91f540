//pass
//--blockDim=[32]
// mapcheck: exact
// A loop counting down from a thread-dependent start, with a barrier in every trip: thread t
// runs i = t + 3, t + 2, t + 1 (three trips in every thread, so the block stays aligned by
// arrival). In trip j each thread writes s[t] and, after the barrier, reads its neighbour's
// s[(t + 1) % 32], which the neighbour wrote in the same trip before the barrier; the second
// barrier keeps the next trip's write after every read.
__global__ void k(int *out)
{
    __shared__ int s[32];
    int acc = 0;
    for (int i = threadIdx.x + 3; i > (int)threadIdx.x; --i) {
        s[threadIdx.x] = i;
        __syncthreads();
        acc += s[(threadIdx.x + 1) % 32];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}
