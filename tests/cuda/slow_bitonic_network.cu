//pass
//--blockDim=512 --gridDim=8
// mapcheck: exact
// Issue 37, slow kinds: a bitonic sorting network (CUDA samples `sortingNetworks`,
// bitonicSortShared, 1024 keys per block, two per thread), its comparator written without a
// branch (min to the lower cell, max to the upper one, as the networks of the C++ AMP suite
// do), so that which cells each thread touches does not depend on the keys. In step (size,
// stride), thread t works on pos = 2t - (t & (stride - 1)) and pos + stride: with
// t = q * stride + r (r < stride), pos = 2q * stride + r, so the pairs {pos, pos + stride} of
// the 512 threads partition 0..1023, and a barrier starts every step. The block's 1024 keys are
// loaded to and stored from cells blockIdx.x * 1024 + t and + 512 of the global arrays:
// distinct cells for distinct threads of the grid. Race free.

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
            uint pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
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
