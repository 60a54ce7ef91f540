//xfail:data-race
//--blockDim=8 --gridDim=1
// mapcheck: exact
// The twin of bytes_selected_view_helper.cu storing byte 66: thread 1 writes the float at
// byte 64 (bytes 64..67) in the same barrier interval, a write-write race. Not a benign one:
// 2.0f is 0x40000000, little-endian 00 00 00 40, so byte 66 is 0x00 and thread 0 stores 1.

__device__ void put(float *f, int i)
{
    f[i] = 2.0f;
}

__global__ void selected(char *c)
{
    unsigned t = threadIdx.x;
    float *f = (t % 2) ? (float *)(c + 64) : (float *)c;
    put(f, t / 2);
    if (t == 0)
        c[66] = 1;
}
