//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The twin of intrinsic_logf_grid_stride.cu that also records each i at the even cells below
// 1024: with n > 512, i = 0 (block 0, thread 0) and i = 512 (block 4, thread 0) both write
// their own i to at[(2 * i) % 1024] = at[0]. Racy (between blocks).

__global__ void logk(float *out, unsigned *at, const float *in, unsigned n)
{
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        out[i] = __logf(in[i]);
        at[(2 * i) % 1024] = i;
    }
}
