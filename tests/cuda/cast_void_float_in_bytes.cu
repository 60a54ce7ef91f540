//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The race-free twin of cast_void_float_in_bytes_racy.cu: (float *)(void *)&c[8] covers
// bytes 8..11 of c, and thread 1 stores byte 12, the first byte after the float: no byte is
// written by both threads, so there is no race.

__global__ void float_over_bytes(char *c)
{
    float *f = (float *)(void *)&c[8];
    if (threadIdx.x == 0) {
        f[0] = 1.0f;
    }
    if (threadIdx.x == 1) {
        c[12] = 0;
    }
}
