//pass
//--blockDim=128 --gridDim=16
// mapcheck: exact
// Reduction #2 (Harris): interleaved addressing without the modulo, using a strided index
// so that the active threads are contiguous. In round s thread t works on index = 2 s t and
// index + s; these pairs are disjoint for distinct threads, and a barrier ends each round:
// race free (it has shared-memory bank conflicts, but no races).

#define BLOCK_SIZE 128

__global__ void reduce1(const float *g_idata, float *g_odata)
{
    __shared__ float sdata[BLOCK_SIZE];
    unsigned int tid = threadIdx.x;
    sdata[tid] = g_idata[blockIdx.x * BLOCK_SIZE + tid];
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];
        }
        __syncthreads();
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
