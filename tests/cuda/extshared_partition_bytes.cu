//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The usual partition of one dynamic shared allocation into arrays of different types:
// `vals` is blockDim.x floats from byte 0, `counts` starts after them at &vals[blockDim.x]
// (byte 4 * 64 = 256). Thread t writes vals[t] (bytes 4t..4t+3) and counts[t] (bytes
// 256 + 4t..): the two arrays do not overlap and each thread has its own cells: race free.

__global__ void two_arrays(const float *in, float *out)
{
    extern __shared__ char smem[];
    float *vals = (float *)smem;
    int *counts = (int *)&vals[blockDim.x];
    int t = threadIdx.x;
    vals[t] = in[t];
    counts[t] = t;
    __syncthreads();
    out[t] = vals[(t + 1) % 64] * counts[(t + 1) % 64];
}
