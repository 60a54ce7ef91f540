//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: data-dependent
// The twin of atomic_slot_claim_shared.cu with two blocks: each block has its own __shared__
// counter, both start at 0, so thread 0 of block 0 and thread 0 of block 1 both claim slot 0
// of the global `out`. Racy (between blocks).

__global__ void claim(const int *in, int *out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    if (in[threadIdx.x] > 0) {
        unsigned slot = atomicAdd(&count, 1);
        out[slot] = in[threadIdx.x];
    }
}
