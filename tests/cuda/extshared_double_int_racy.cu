//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Thread t writes words[t] and, with no barrier, reads pairs[t], whose 8 bytes are words[2t]
// and words[2t + 1] of the same `extern __shared__` allocation: thread 1 reads words[2] and
// words[3], written by threads 2 and 3: a read-write race. Merged cell for cell, pairs[t]
// would be thread t's own words[t] and the kernel would look race free.

extern __shared__ int words[];
extern __shared__ double pairs[];

__global__ void pack_pairs_nosync(const int *in, double *out)
{
    int t = threadIdx.x;
    words[t] = in[t];
    out[t] = pairs[t];
}
