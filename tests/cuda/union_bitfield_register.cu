//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A device-register style union: a raw word beside a struct of bit-fields, in shared memory
// (so it is byte-addressed: its members are views of the same bytes). The zero-width
// bit-field ends the first memory location ({lo, mid}: bits 0-15, bytes 0-1) and starts
// `hi` in the next `unsigned` (byte 4): thread 2k writes r[k].f.lo, thread 2k + 1 writes
// r[k].f.hi, different memory locations and different bytes: race-free. After the barrier
// everyone only reads. Racy twin: union_bitfield_register_racy.cu. The host oracle
// (`mapcheck oracle --block-dim 64`) observes no race.
union Reg {
    unsigned raw;
    struct Fields {
        unsigned lo : 4;
        unsigned mid : 12;
        unsigned : 0;
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
