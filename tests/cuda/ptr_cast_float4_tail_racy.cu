//xfail:data-race
//--blockDim=64 --gridDim=1 -DN=259
// mapcheck: exact
// The tail indexed in float4 units instead of floats: thread t < 3 writes out[N / 4 + t] =
// out[64 + t], which lies inside float4 number 16 written by thread 16 (floats 64..67):
// threads 0 and 16 both write out[64]: a write-write race that only the byte-level view of
// the cast shows.

__global__ void copy_vec4_bad_tail(const float *in, float *out)
{
    int t = threadIdx.x;
    if (t < N / 4)
        reinterpret_cast<float4 *>(out)[t] = reinterpret_cast<const float4 *>(in)[t];
    if (t < N % 4)
        out[N / 4 + t] = in[N / 4 * 4 + t];
}
