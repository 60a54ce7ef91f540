//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Record layouts as clang computes them (issue 32 item 1): P is packed, so c is byte 0 and i
// bytes 1..4 of each 5-byte element. Thread t writes p[t].c, p[t].i, and through a byte view
// byte 5t + 1, the first byte of its own p[t].i: every byte one thread's: race-free. (With
// C's natural layout, 8 bytes with i at 4, byte 5t + 1 would lie in p[(5t + 1) / 8], another
// thread's element, for t >= 2.)

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
    raw[5 * t + 1] = 0xff;
    __syncthreads();
    out[t] = p[(t + 1) % 32].i + p[(t + 1) % 32].c;
}
