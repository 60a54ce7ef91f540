//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Twin of probe_bitfield_word_racy: the two halves are separated by a zero-width bit-field,
// which starts a new memory location (C++ [intro.memory]/3), so threads 2k and 2k + 1 write
// different locations.

struct BF {
    unsigned lo : 16;
    unsigned : 0;
    unsigned hi : 16;
};

__global__ void pack_halves(unsigned *out)
{
    __shared__ BF s[16];
    unsigned t = threadIdx.x;
    if (t % 2 == 0)
        s[t / 2].lo = t;
    else
        s[t / 2].hi = t;
    __syncthreads();
    out[t] = s[t % 16].lo;
}
