//xfail:data-race
//--blockDim=256 --gridDim=1
// mapcheck: exact
// The twin of loop_shift_double_requires.cu whose writers are the multiples of size / 2: in
// the first step (size = 2, with arrayLength > 2) every thread t < 255 adds s[t + 1] into
// s[t], so thread 1 writes s[1] while thread 0 reads it. Racy.

__global__ void stages(unsigned *d, unsigned arrayLength)
{
    __requires(arrayLength < 2147483648u);
    __shared__ unsigned s[256];
    s[threadIdx.x] = d[threadIdx.x];
    __syncthreads();
    for (unsigned size = 2; size < arrayLength; size <<= 1) {
        if (threadIdx.x % (size / 2) == 0 && threadIdx.x + size / 2 < 256)
            s[threadIdx.x] += s[threadIdx.x + size / 2];
        __syncthreads();
    }
    d[threadIdx.x] = s[threadIdx.x];
}
