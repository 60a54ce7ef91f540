//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A byte view of a float buffer: c[4t + 7] is the last byte of s[t + 1] (little-endian, bytes
// 4(t+1)..4(t+1)+4). Thread t writes s[t] and then clears that byte of its neighbour's float,
// which thread t + 1 writes in the same barrier interval: a write-write race (threads 0 and 1
// on byte 7).

__global__ void clear_neighbour_sign(const float *in)
{
    extern __shared__ float s[];
    unsigned char *c = (unsigned char *)s;
    int t = threadIdx.x;
    s[t] = in[t];
    if (t < 63)
        c[4 * t + 7] = 0;
}
