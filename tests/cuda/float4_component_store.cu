//pass
//--blockDim=256 --gridDim=16
// mapcheck: exact
// Writing components of vector-typed array elements: thread i sets out[i].x .. out[i].w from
// a float4 and a scale. Only element i is touched by thread i: race free.

__global__ void set_components(const float4 *in, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i].x = in[i].x * 2.0f;
        out[i].y = in[i].y * 2.0f;
        out[i].z = in[i].z * 2.0f;
        out[i].w = 1.0f;
    }
}
