//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// A float stored through a cast of a byte pointer laundered through `void *`: (float *)(void *)&c[8]
// covers bytes 8, 9, 10 and 11 of c. Thread 0 stores that float while thread 1 stores byte 9
// in the same barrier interval: both write byte 9, a write-write race. Reading the float cast
// as cell 8 of a float view (byte 32) would miss it. 1.0f is 0x3f800000, stored little-endian
// as the bytes 00 00 80 3f: its byte 9 is 0x00, so thread 1 stores 1 there, a different value
// (storing 0 would be a benign race, the same value written twice, which the corpus counts
// as GPUVerify does: not a data race).

__global__ void float_over_bytes(char *c)
{
    float *f = (float *)(void *)&c[8];
    if (threadIdx.x == 0) {
        f[0] = 1.0f;
    }
    if (threadIdx.x == 1) {
        c[9] = 1;
    }
}
