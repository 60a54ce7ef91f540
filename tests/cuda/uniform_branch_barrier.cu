//pass
//--blockDim=64 --gridDim=8
// mapcheck: exact
// A barrier inside a branch on blockIdx.x: the condition is the same for all threads of a
// block, so either every thread of the block reaches the barrier or none does — no barrier
// divergence. Odd blocks rotate their tile by one through shared memory, even blocks copy.

__global__ void rotate_odd_blocks(const int *in, int *out)
{
    __shared__ int tile[64];
    int t = threadIdx.x;
    int g = blockIdx.x * 64 + t;
    if (blockIdx.x % 2 == 1) {
        tile[t] = in[g];
        __syncthreads();
        out[g] = tile[(t + 1) % 64];
    } else {
        out[g] = in[g];
    }
}
