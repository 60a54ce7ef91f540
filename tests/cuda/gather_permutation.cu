//pass
//--blockDim=256 --gridDim=16
// mapcheck: data-dependent
// Gather through an index array (the "gather" of thrust::gather / embedding lookups):
// out[i] = in[map[i]]. The read address is data, but reads never race; the write address is
// the thread's own i: race free for every map, permutation or not.

__global__ void gather(const int *map, const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[map[i]];
}
