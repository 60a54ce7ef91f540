//pass
//--blockDim=256 --gridDim=1
// mapcheck: exact
// A doubling loop over an `unsigned` bound (issue 38 item 1): without a precondition
// `size <<= 1` may wrap to 0 (arrayLength above 2^31) and the loop would never end; the
// precondition arrayLength < 2^31 rules that out, so the loop is counted. In the step of
// width `size`, thread t with t % size == 0 adds s[t + size / 2] into s[t]: t + size / 2 is
// not a multiple of size, so no thread writes what another reads; the barrier ends the step.
// Race free.

__global__ void stages(unsigned *d, unsigned arrayLength)
{
    __requires(arrayLength < 2147483648u);
    __shared__ unsigned s[256];
    s[threadIdx.x] = d[threadIdx.x];
    __syncthreads();
    for (unsigned size = 2; size < arrayLength; size <<= 1) {
        if (threadIdx.x % size == 0 && threadIdx.x + size / 2 < 256)
            s[threadIdx.x] += s[threadIdx.x + size / 2];
        __syncthreads();
    }
    d[threadIdx.x] = s[threadIdx.x];
}
