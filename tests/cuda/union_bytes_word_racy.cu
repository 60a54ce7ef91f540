//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of union_bytes_distinct.cu: the first thread of each group of four reads the word
// of its element while the other three write bytes 1-3 of it through the byte view, in the
// same barrier interval: the word overlaps the bytes (threads 0 and 1 on bytes 0..4 of
// s[0]), a read-write data race. The host oracle (`mapcheck oracle --block-dim 64`) reports
// it.
union Word {
    unsigned u;
    unsigned char b[4];
};

__global__ void k(unsigned *out)
{
    __shared__ Word s[16];
    unsigned t = threadIdx.x;
    if (t % 4 == 0)
        out[t] = s[t / 4].u;
    else
        s[t / 4].b[t % 4] = t;
}
