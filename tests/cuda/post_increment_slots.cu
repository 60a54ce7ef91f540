//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Post-increment in an index: with i = 2t, `s[i++] = a; s[i++] = b;` writes s[2t] then
// s[2t + 1] (each index is the value before the increment). Threads write disjoint pairs:
// race free.

__global__ void pack_pairs_postinc(const float *a, const float *b, float *out)
{
    __shared__ float s[128];
    int i = 2 * threadIdx.x;
    s[i++] = a[threadIdx.x];
    s[i++] = b[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[127 - threadIdx.x];
}
