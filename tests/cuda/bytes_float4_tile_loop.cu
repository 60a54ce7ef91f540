//pass
//--blockDim=256 --gridDim=64
// mapcheck: exact
// A `__shared__ float tile[1032]` (4128 bytes) filled as float4s and, in its tail, as bytes,
// eight times in a loop with barriers. t4[t] covers bytes 16t..16t+15, so the 256 threads
// write bytes 0..4095 (floats 0..1023); threads 0..31 write bytes 4096..4127, the tail
// (floats 1024..1031), one each. No byte is written twice in a phase. After the barrier each
// thread reads float (t + 1) % 1024 and byte 4096 + t % 32, and writes its own element of
// `out` (block-distinct: (blockIdx.x * 256 + t) * 8 + k < 131072); the second barrier orders
// those reads before the next iteration's writes: race free. The racy twin is
// bytes_float4_tile_loop_racy.cu.

__global__ void tile_loop(float *out)
{
    __shared__ float tile[1032];
    float4 *t4 = (float4 *)tile;
    unsigned char *b = (unsigned char *)tile;
    unsigned t = threadIdx.x;
    for (int k = 0; k < 8; k++) {
        t4[t] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
        if (t < 32)
            b[4096 + t] = t;
        __syncthreads();
        out[(blockIdx.x * 256 + t) * 8 + k] = tile[(t + 1) % 1024] + b[4096 + t % 32];
        __syncthreads();
    }
}
