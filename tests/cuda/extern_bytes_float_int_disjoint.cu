//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// One `extern __shared__ char` buffer carved into a float array and an int array by byte
// offsets: `vals` is bytes 0..256 (64 floats), `counts` starts at byte 4 * 64 = 256. Thread t
// writes vals[t] (bytes 4t..4t+4) and counts[t] (bytes 256+4t..256+4t+4): the two ranges never
// meet and no two threads write the same byte: race free, with no barrier.

__global__ void carve_disjoint(const float *in, float *out)
{
    extern __shared__ char smem[];
    float *vals = (float *)smem;
    int *counts = (int *)&smem[4 * 64];
    int t = threadIdx.x;
    vals[t] = in[t];
    counts[t] = t;
}
