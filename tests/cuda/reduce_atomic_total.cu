//pass
//--blockDim=128 --gridDim=32
// mapcheck: exact
// Block-level tree reduction followed by one atomicAdd per block into a single global total
// (the usual "reduce then atomically accumulate" idiom). Atomic updates from different blocks
// never race with each other, and the shared rounds are barrier-separated: race free.

__global__ void sum_atomic(const int *in, int *total, int n)
{
    __shared__ int partial[128];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < n) ? in[i] : 0;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        atomicAdd(total, partial[0]);
}
