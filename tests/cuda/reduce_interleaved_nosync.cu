//xfail:data-race
//--blockDim=128 --gridDim=16
// mapcheck: exact
// Interleaved-addressing reduction with the barrier inside the loop forgotten. Thread 0
// reads sdata[2] in round s = 2 while thread 2 may still be writing sdata[2] in round s = 1
// (nothing orders the two rounds across threads): a read-write race on shared memory.

__global__ void reduce0_nosync(const int *g_idata, int *g_odata)
{
    __shared__ int sdata[128];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = g_idata[i];
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        // missing __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
