//xfail:data-race
//--blockDim=8 --gridDim=1
// mapcheck: exact
// The twin of bytes_atomic_int_over_chars.cu incrementing n[0], bytes 0..3, which threads
// 0..3 store with plain writes in the same barrier interval: an atomic and a plain access of
// the same bytes race.

__global__ void count(unsigned char *c)
{
    int *n = (int *)c;
    unsigned t = threadIdx.x;
    if (t < 4)
        c[t] = 1;
    else
        atomicAdd(&n[0], 1);
}
