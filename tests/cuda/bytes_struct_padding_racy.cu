//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of bytes_struct_padding.cu with the byte view at offset 4, not 1: thread t writes
// byte 4 of p[(t + 1) % 32], the first byte of its field i, which thread (t + 1) % 32 writes
// in the same barrier interval: a write-write race. Not a benign one: that thread stores
// (t + 1) % 32, at most 31, whose low byte is not the 0xff stored through the byte view.

struct P {
    char c;
    int i;
};

__global__ void padding(int *out)
{
    __shared__ P p[32];
    unsigned char *raw = (unsigned char *)p;
    unsigned t = threadIdx.x;
    p[t].c = 1;
    p[t].i = t;
    raw[8 * ((t + 1) % 32) + 4] = 0xff;
    __syncthreads();
    out[t] = p[(t + 1) % 32].i + p[(t + 1) % 32].c;
}
