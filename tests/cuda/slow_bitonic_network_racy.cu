//xfail:data-race
//--blockDim=512 --gridDim=8
// mapcheck: exact
// Issue 37, slow kinds (racy twin of slow_bitonic_network.cu, the partner index off by one
// bit): a bitonic sorting network (CUDA samples `sortingNetworks`,
// bitonicSortShared, 1024 keys per block, two per thread), its comparator written without a
// branch (min to the lower cell, max to the upper one, as the networks of the C++ AMP suite
// do), so that which cells each thread touches does not depend on the keys. Here thread t
// works on pos = 2t - (t & stride) and pos + stride (the mask `stride` instead of
// `stride - 1`). In the step size = 4, stride = 2, thread 1 takes pos = 2 - (1 & 2) = 2 and
// thread 2 takes pos = 4 - (2 & 2) = 2: both write s_key[2] and s_key[4] in the same barrier
// interval. Their directions differ (ddd = dir for thread 1, whose bit 1 is 0, and dir ^ 1 for
// thread 2), so one stores the minimum of the two keys to s_key[2] and the other the maximum:
// different values whenever the keys differ — a write-write data race, not a benign one.

#define SHARED_SIZE 1024

typedef unsigned int uint;

__global__ void bitonicSortShared(uint *d_DstKey, const uint *d_SrcKey, uint dir)
{
    __shared__ uint s_key[SHARED_SIZE];
    const uint base = blockIdx.x * SHARED_SIZE + threadIdx.x;
    s_key[threadIdx.x + 0] = d_SrcKey[base + 0];
    s_key[threadIdx.x + (SHARED_SIZE / 2)] = d_SrcKey[base + (SHARED_SIZE / 2)];

    for (uint size = 2; size < SHARED_SIZE; size <<= 1) {
        uint ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            uint pos = 2 * threadIdx.x - (threadIdx.x & stride);
            uint a = s_key[pos + 0];
            uint b = s_key[pos + stride];
            uint lo = min(a, b), hi = max(a, b);
            s_key[pos + 0] = ddd ? lo : hi;
            s_key[pos + stride] = ddd ? hi : lo;
        }
    }
    __syncthreads();
    d_DstKey[base + 0] = s_key[threadIdx.x + 0];
    d_DstKey[base + (SHARED_SIZE / 2)] = s_key[threadIdx.x + (SHARED_SIZE / 2)];
}
