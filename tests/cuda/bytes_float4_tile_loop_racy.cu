//xfail:data-race
//--blockDim=256 --gridDim=64
// mapcheck: exact
// The twin of bytes_float4_tile_loop.cu with the tail's bytes started at 4088: threads 0..7
// write bytes 4088..4095, the last two floats of t4[255], which thread 255 writes in the same
// phase: a write-write race. Not only a benign one: t4[255].z is 3.0f = 0x40400000, bytes
// 00 00 40 40 at 4088..4091, so thread 2 stores 2 where thread 255 stores 0x40.

__global__ void tile_loop(float *out)
{
    __shared__ float tile[1032];
    float4 *t4 = (float4 *)tile;
    unsigned char *b = (unsigned char *)tile;
    unsigned t = threadIdx.x;
    for (int k = 0; k < 8; k++) {
        t4[t] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
        if (t < 32)
            b[4088 + t] = t;
        __syncthreads();
        out[(blockIdx.x * 256 + t) * 8 + k] = tile[(t + 1) % 1024] + b[4096 + t % 32];
        __syncthreads();
    }
}
