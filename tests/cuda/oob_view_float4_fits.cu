//pass
//--blockDim=[16] --gridDim=[1]
// mapcheck: exact
// oob_view_float4.cu with 16 threads: v[t] of the `float4 *` view covers floats 4t..4t+3 of
// `__shared__ float f[64]`, all within it and disjoint; after the barrier each thread reads
// f[63 - t], written in the earlier phase: race free.

__global__ void view_float4(float *out)
{
    __shared__ float f[64];
    float4 *v = (float4 *)f;
    v[threadIdx.x] = make_float4(0.f, 0.f, 0.f, 0.f);
    __syncthreads();
    out[threadIdx.x] = f[63 - threadIdx.x];
}
