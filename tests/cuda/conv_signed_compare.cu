//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same guard with the bound cast to `int`: `j < (int)(blockDim.x / 2)` is a signed
// comparison, true for every j = t - 32 in -32..31, so every thread writes its own s[t]: race
// free (the `else` branch is never taken). Host check: host/conv_signed_compare.cpp.

__global__ void shift_guard_signed(const float *in, float *out)
{
    __shared__ float s[64];
    int j = (int)threadIdx.x - 32;
    if (j < (int)(blockDim.x / 2))
        s[j + 32] = in[threadIdx.x];
    else
        s[0] = 0.0f;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
