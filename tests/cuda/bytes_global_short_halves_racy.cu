//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of bytes_global_short_halves.cu with h[t + 15]: thread 16 writes h[31], bytes
// 62..63, the high half of buf[15], which thread 15 writes in the same barrier interval: a
// write-write race. Not a benign one: buf[15] = 15 puts 0x00 in byte 62 (little-endian
// 0f 00 00 00), and h[31] = 1 puts 0x01 there.

__global__ void halves(int *buf)
{
    short *h = (short *)buf;
    unsigned t = threadIdx.x;
    if (t < 16) {
        buf[t] = t;
    } else {
        h[t + 15] = 1;
    }
}
