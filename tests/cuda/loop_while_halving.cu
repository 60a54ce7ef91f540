//pass
//--blockDim=128 --gridDim=4
// mapcheck: exact
// `while (i != 0) { ...; i /= 2; }` (issue 20), the dot-product reduction of "CUDA by Example":
// i = 64, 32, ..., 1; threads t < i add cache[t + i] into cache[t], then a barrier. Within a
// step the writers t < i and the read cells t + i >= i are disjoint, and the barrier ends the
// step: race free.

__global__ void dot(const float *a, const float *b, float *partial)
{
    __shared__ float cache[128];
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int cacheIndex = threadIdx.x;
    cache[cacheIndex] = a[tid] * b[tid];
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (cacheIndex < i)
            cache[cacheIndex] += cache[cacheIndex + i];
        __syncthreads();
        i /= 2;
    }
    if (cacheIndex == 0)
        partial[blockIdx.x] = cache[0];
}
