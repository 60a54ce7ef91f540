//pass
//--blockDim=64 --gridDim=1 -DN=259
// mapcheck: exact
// Vectorised copy with a pointer cast between element types (issue 20): thread t copies
// float4 number t (floats 4t .. 4t + 3) for t < N / 4 = 64, and the N % 4 = 3 tail floats
// 256, 257, 258 are copied by threads 0, 1, 2 as scalars: every float of `out` is written by
// one thread: race free.

__global__ void copy_vec4(const float *in, float *out)
{
    int t = threadIdx.x;
    if (t < N / 4)
        reinterpret_cast<float4 *>(out)[t] = reinterpret_cast<const float4 *>(in)[t];
    if (t < N % 4)
        out[N / 4 * 4 + t] = in[N / 4 * 4 + t];
}
