//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The 6-byte parts of extern_bytes_partition_misaligned, with the even threads' int placed at
// byte 6t + 4 (a multiple of 4 when t is even: aligned). It covers bytes 6t+4..6t+8, whose last
// two bytes are the first short of thread t + 1's part: thread 0 writes bytes 4..8 while
// thread 1 writes h[0] = bytes 6..8: a write-write race.

__global__ void six_byte_parts_spill(const int *in)
{
    extern __shared__ char smem[];
    int t = threadIdx.x;
    short *h = (short *)(smem + 6 * t);
    h[0] = 1;
    h[1] = 2;
    h[2] = 3;
    if (t % 2 == 0)
        *(int *)(smem + 6 * t + 4) = in[t];
}
