//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// An `int *` global buffer written as ints by threads 0..15 and as `short` halves, through a
// cast, by threads 16..31. buf[t] covers bytes 4t..4t+3, so threads 0..15 write bytes 0..63;
// h[t + 16] covers bytes 2t+32..2t+33, so threads 16..31 write bytes 64..95, two threads to
// each int (threads 16 and 17 the low and high halves of buf[16]). No byte is written twice:
// race free. The racy twin is bytes_global_short_halves_racy.cu.

__global__ void halves(int *buf)
{
    short *h = (short *)buf;
    unsigned t = threadIdx.x;
    if (t < 16) {
        buf[t] = t;
    } else {
        h[t + 16] = 1;
    }
}
