//xfail:data-race
//--blockDim=68 --gridDim=1 -DN=64
// mapcheck: exact
// A "scatter with mirror padding": 68 threads write out[mirror(t - 2, N)]. The early returns
// reflect the two threads on each side back inside: thread 0 (i = -2) writes out[1], as does
// thread 3 (i = 1); thread 67 (i = 65) writes out[62], as does thread 64 (i = 62). Write-write
// races that exist only through the non-final returns (`return i` alone would be injective).

__device__ int mirror(int i, int n)
{
    if (i < 0)
        return -i - 1;
    if (i >= n)
        return 2 * n - i - 1;
    return i;
}

__global__ void scatter_mirror(const float *in, float *out)
{
    int t = threadIdx.x;
    out[mirror(t - 2, N)] = in[t];
}
