//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of union_bitfield_register.cu without the zero-width bit-field: `lo`, `mid` and `hi`
// are adjacent bit-fields, one memory location (bits 0-23 of the struct's `unsigned`), so
// thread 2k writing r[k].f.lo and thread 2k + 1 writing r[k].f.hi in the same barrier
// interval is a data race (either read-modify-write may undo the other). The host oracle
// (`mapcheck oracle --block-dim 64`) reports it.
union Reg {
    unsigned raw;
    struct Fields {
        unsigned lo : 4;
        unsigned mid : 12;
        unsigned hi : 8;
    } f;
    unsigned char b[8];
};

__global__ void k(unsigned *out)
{
    __shared__ Reg r[32];
    unsigned t = threadIdx.x;
    if (t % 2 == 0)
        r[t / 2].f.lo = t;
    else
        r[t / 2].f.hi = t;
    __syncthreads();
    out[t] = r[t / 2].f.mid + r[t / 2].b[4];
}
