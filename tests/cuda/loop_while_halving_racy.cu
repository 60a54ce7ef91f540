//xfail:data-race
//--blockDim=128 --gridDim=4
// mapcheck: exact
// The same reduction with the barrier outside the loop: step i = 64 (thread 32 writes
// cache[32]) and step i = 32 (thread 0 reads cache[32]) are in the same interval: a
// read-write race.

__global__ void dot_nosync(const float *a, const float *b, float *partial)
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
        i /= 2;
    }
    __syncthreads();
    if (cacheIndex == 0)
        partial[blockIdx.x] = cache[0];
}
