//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A per-thread number of "rounds", each ending with a barrier: thread t runs t rounds, so
// thread 0 reaches no barrier in the loop while thread 1 reaches one. The threads of the block
// disagree on the sequence of barriers: barrier divergence.

__global__ void staggered_rounds(int *data)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = data[t];
    for (int r = 0; r < t; ++r) {
        s[t] += 1;
        __syncthreads();
    }
    data[t] = s[t];
}
