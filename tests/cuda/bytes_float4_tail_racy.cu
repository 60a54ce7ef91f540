//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of bytes_float4_tail.cu with the tail's bytes started at 252, not 256: threads
// 16..19 write bytes 252..255, float 63, which thread 15 writes as t4[15].w in the same
// barrier interval: a write-write race. Not a benign one: 4.0f is 0x40800000, little-endian
// 00 00 80 40, so byte 252 is 0x00, and thread 16 stores 16 there.

__global__ void tail(float *out)
{
    __shared__ float tile[66];
    float4 *t4 = (float4 *)tile;
    unsigned char *b = (unsigned char *)tile;
    unsigned t = threadIdx.x;
    if (t < 16) {
        t4[t] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
    } else if (t < 24) {
        b[252 + (t - 16)] = t;
    }
    __syncthreads();
    out[t] = tile[t];
}
