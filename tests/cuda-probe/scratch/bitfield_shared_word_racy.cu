//xfail:data-race
//--blockDim=32 --gridDim=1
// Adjacent bit-fields are one memory location (C++ [intro.memory]): thread 2k writes
// s[k].lo and thread 2k + 1 writes s[k].hi, a conflict on the same word.
struct BF { unsigned lo : 16; unsigned hi : 16; };
__global__ void k(unsigned *out)
{
    __shared__ BF s[16];
    unsigned t = threadIdx.x;
    if (t % 2 == 0) s[t / 2].lo = t; else s[t / 2].hi = t;
    __syncthreads();
    out[t] = s[t % 16].lo;
}
