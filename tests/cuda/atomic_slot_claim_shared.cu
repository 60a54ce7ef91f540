//pass
//--blockDim=64 --gridDim=1
// mapcheck: data-dependent
// A per-block counter in __shared__ memory: thread 0 clears it, a barrier, then each thread
// with a positive element claims a slot of `out` with atomicAdd(&count, 1). After the
// barrier only atomic increments of 1 touch the counter, so the claims are distinct; one
// block, so no other block writes `out`. Race free.

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
