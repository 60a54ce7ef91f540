//pass
//--blockDim=64 --gridDim=1 -DN=64
// mapcheck: exact
// The mirror (reflect) boundary of image filters: `mirror(i, n)` has two early returns for the
// out-of-range sides. Each thread reads in[mirror(t - 2, N)] and in[mirror(t + 2, N)] (reads
// never race) and writes only out[t]: race free whatever `mirror` returns.

__device__ int mirror(int i, int n)
{
    if (i < 0)
        return -i - 1;
    if (i >= n)
        return 2 * n - i - 1;
    return i;
}

__global__ void smooth_mirror(const float *in, float *out)
{
    int t = threadIdx.x;
    out[t] = 0.5f * (in[mirror(t - 2, N)] + in[mirror(t + 2, N)]);
}
