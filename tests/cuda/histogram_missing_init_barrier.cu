//xfail:data-race
//--blockDim=256 --gridDim=16
// mapcheck: data-dependent
// The privatised histogram without the barrier after zeroing the bins: thread t may
// atomically increment smem[b] while thread b is still storing 0 to it in the same phase.
// An atomic access and a plain write to one cell, unordered: a data race for any input with
// a value b != t at some thread t (e.g. input all 7: thread 0 increments smem[7]).

#define NUM_BINS 256

__global__ void histogram_noinit_sync(const unsigned char *in, int n, unsigned int *out)
{
    __shared__ unsigned int smem[NUM_BINS];
    int tid = threadIdx.x;
    smem[tid] = 0;
    // missing __syncthreads();
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&smem[in[i]], 1);
    __syncthreads();
    atomicAdd(&out[tid], smem[tid]);
}
