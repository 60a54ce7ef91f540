//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `extern __shared__` arrays of different element sizes share one allocation (issue 14):
// words[] (4-byte int) and pairs[] (8-byte double) start at the same address, so pairs[k]
// occupies the bytes of words[2k] and words[2k + 1]. Thread t writes words[2t] and
// words[2t + 1], then reads pairs[t] — exactly the 8 bytes it wrote itself; the barrier
// orders the later reuse: race free. (Merged cell for cell, pairs[t] would be words[t],
// written by thread t / 2.)

extern __shared__ int words[];
extern __shared__ double pairs[];

__global__ void pack_pairs(const int *in, double *out)
{
    int t = threadIdx.x;
    words[2 * t] = in[2 * t];
    words[2 * t + 1] = in[2 * t + 1];
    out[t] = pairs[t];
    __syncthreads();
}
