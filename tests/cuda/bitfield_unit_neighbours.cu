//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of bitfield_unit_neighbours_racy.cu: a member that is not a bit-field (`sep`) stands
// between `ready` and `count`, so they are two memory locations (C++ [intro.memory]/3:
// only a sequence of *adjacent* bit-fields is one), and a compiler may not touch `sep` or
// `ready` when it stores `count` (clang's layout: `ready` byte 0, `sep` byte 1, `count`
// and `tag` from byte 2). Thread 2k writes f[k].ready, thread 2k + 1 writes f[k].count
// (the location {count, tag}): different locations, and after the barrier everyone only
// reads: race-free. The host oracle (`mapcheck oracle --block-dim 64`) observes no race.
struct Flags {
    unsigned ready : 1;
    unsigned char sep;
    unsigned count : 7;
    unsigned tag : 16;
};

__global__ void k(unsigned *out)
{
    __shared__ Flags f[32];
    unsigned t = threadIdx.x;
    if (t % 2 == 0)
        f[t / 2].ready = 1;
    else
        f[t / 2].count = t;
    __syncthreads();
    out[t] = f[t / 2].count;
}
