//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of union_local_bytes.cu indexing with byte 0 of the word t << 8 instead of byte 1:
// byte 0 is 0 for every thread (little-endian: the low byte), so every thread writes s[0]
// with its own id in the same barrier interval: a write-write data race (not benign: the
// values differ). Taking the wrong byte of the word is exactly what a guess would get
// wrong. The host oracle (`mapcheck oracle --block-dim 64`) reports the race.
union Word {
    unsigned u;
    unsigned char b[4];
    unsigned short h[2];
};

__global__ void k(unsigned *out)
{
    __shared__ unsigned s[64];
    __shared__ unsigned s2[64];
    unsigned t = threadIdx.x;
    Word w;
    w.u = t << 8;
    s[w.b[0]] = t;
    Word v;
    v.b[0] = t;
    v.b[1] = 0;
    v.b[2] = 0;
    v.b[3] = 0;
    v.h[1] = 1;
    s2[v.u - 65536] = t;
    __syncthreads();
    out[t] = s[t] + s2[t];
}
