//pass
//--blockDim=128 --gridDim=16
// mapcheck: exact
// CUDA samples `reduction`, kernel 0: interleaved addressing with the divergent modulo test.
// In the round with stride s, thread t with t % (2s) == 0 writes sdata[t] and reads
// sdata[t + s]. Cell t + s has (t + s) % (2s) == s != 0, so no active thread writes it in the
// same round, and two active threads write distinct cells t. The load and every round end with
// __syncthreads (executed by all threads: the loop bound is uniform): race free. Each block
// writes only g_odata[blockIdx.x].

__global__ void reduce0(int *g_idata, int *g_odata, unsigned int n)
{
    extern __shared__ int sdata[];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if ((tid % (2 * s)) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
