//pass
//--blockDim=256 --gridDim=1
// mapcheck: exact
// Hillis–Steele inclusive scan of one block in a single shared buffer. Each round first
// reads the neighbour `offset` to the left into a register, waits, then adds: the read phase
// and the write phase of a round are separated by a barrier, and rounds by another. Race free.

__global__ void scan_hillis_steele(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    s[tid] = in[tid];
    __syncthreads();

    for (int offset = 1; offset < blockDim.x; offset <<= 1) {
        float left = 0.0f;
        if (tid >= offset)
            left = s[tid - offset];
        __syncthreads();
        if (tid >= offset)
            s[tid] += left;
        __syncthreads();
    }
    out[tid] = s[tid];
}
