//xfail:data-race
//--blockDim=256 --gridDim=16
// mapcheck: data-dependent
// Scatter through an index array: out[map[i]] = in[i]. Race free only if `map` is injective,
// which nothing in the kernel ensures: for map = {0, 0, ...} threads 0 and 1 write out[0].
// As a kernel over all inputs, it has a write-write race.

__global__ void scatter(const int *map, const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[map[i]] = in[i];
}
