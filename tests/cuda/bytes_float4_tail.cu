//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// A `__shared__ float tile[66]` (264 bytes) viewed as `float4` and as bytes. t4[t] covers
// bytes 16t..16t+15, so threads 0..15 write bytes 0..255 (floats 0..63); the tail, floats 64
// and 65, is no whole float4 and is written byte by byte: threads 16..23 write bytes 256..263.
// No byte is written twice before the barrier, and after it each thread reads float t:
// race free. The racy twin is bytes_float4_tail_racy.cu.

__global__ void tail(float *out)
{
    __shared__ float tile[66];
    float4 *t4 = (float4 *)tile;
    unsigned char *b = (unsigned char *)tile;
    unsigned t = threadIdx.x;
    if (t < 16) {
        t4[t] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
    } else if (t < 24) {
        b[256 + (t - 16)] = t;
    }
    __syncthreads();
    out[t] = tile[t];
}
