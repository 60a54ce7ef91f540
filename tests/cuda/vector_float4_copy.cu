//pass
//--blockDim=256 --gridDim=32
// mapcheck: exact
// Vectorised copy with float4 loads and stores ("CUDA Pro Tip: increase performance with
// vectorized memory access"): thread i moves element i of a float4 array, components kept in
// a local float4. Each float4 cell has one owner: race free.

__global__ void scale_float4(const float4 *in, float4 *out, int n4, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 v = in[i];
        v.x *= s; v.y *= s; v.z *= s; v.w *= s;
        out[i] = v;
    }
}
