//xfail:data-race
//--blockDim=256 --gridDim=16
// mapcheck: data-dependent
// The privatised histogram with the shared atomicAdd replaced by a plain increment: two
// threads of a block whose inputs fall in the same bin both read and write smem[bin] in the
// same phase. A data race whenever two inputs of one block share a bin (e.g. all-zero input).

#define NUM_BINS 256

__global__ void histogram_smem_racy(const unsigned char *in, int n, unsigned int *out)
{
    __shared__ unsigned int smem[NUM_BINS];
    int tid = threadIdx.x;
    smem[tid] = 0;
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
        unsigned int bin = in[i];
        smem[bin] += 1;                  // BUG: needs atomicAdd
    }
    __syncthreads();
    atomicAdd(&out[tid], smem[tid]);
}
