//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A per-thread partition of 6 bytes, not a multiple of the 4-byte int: thread t owns bytes
// 6t..6t+6 and writes its three shorts there (2-byte aligned). Even threads also store an int
// over the first 4 bytes of their own part (6t is a multiple of 4 when t is even, so the int
// is aligned): bytes 6t..6t+4, still inside the part. No byte is written by two threads:
// race free.

__global__ void six_byte_parts(const int *in)
{
    extern __shared__ char smem[];
    int t = threadIdx.x;
    short *h = (short *)(smem + 6 * t);
    h[0] = 1;
    h[1] = 2;
    h[2] = 3;
    if (t % 2 == 0)
        *(int *)(smem + 6 * t) = in[t];
}
