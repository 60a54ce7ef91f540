//pass
//--blockDim=256 --gridDim=16
// mapcheck: data-dependent
// 256-bin histogram with per-block privatisation in shared memory ("GPU Pro Tip: fast
// histograms using shared atomics"). Phase 1: zero the private bins (one cell per thread).
// Phase 2: a grid-stride loop adds 1 to the bin of each input byte with a shared atomicAdd —
// the bin is data, but atomics never race with atomics. Phase 3: merge the private bins into
// the global histogram with global atomics. Barriers separate the plain accesses of phases 1
// and 3 from the atomics of phase 2: race free. Data-dependent: the bin index is read from
// memory.

#define NUM_BINS 256

__global__ void histogram_smem_atomics(const unsigned char *in, int n, unsigned int *out)
{
    __shared__ unsigned int smem[NUM_BINS];
    int tid = threadIdx.x;

    smem[tid] = 0;                       // blockDim.x == NUM_BINS
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
        unsigned int bin = in[i];
        atomicAdd(&smem[bin], 1);
    }
    __syncthreads();

    atomicAdd(&out[tid], smem[tid]);
}
