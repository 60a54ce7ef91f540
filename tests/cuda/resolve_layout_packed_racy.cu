//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Twin of resolve_layout_packed.cu: the byte view writes byte 5((t + 1) % 32) + 1, the first
// byte of p[(t + 1) % 32].i in the packed layout, which thread (t + 1) % 32 writes in the same
// barrier interval with a value at most 31, whose low byte is not the 0xff stored here: a
// race, and not a benign one.

struct __attribute__((packed)) P {
    char c;
    int i;
};

__global__ void packed(int *out)
{
    __shared__ P p[32];
    unsigned char *raw = (unsigned char *)p;
    unsigned t = threadIdx.x;
    p[t].c = 1;
    p[t].i = t;
    raw[5 * ((t + 1) % 32) + 1] = 0xff;
    __syncthreads();
    out[t] = p[(t + 1) % 32].i + p[(t + 1) % 32].c;
}
