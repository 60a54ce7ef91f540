//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Adjacent bit-fields of nonzero width are one memory location (C++ [intro.memory]/3); a
// store to one is a read-modify-write of the storage unit clang's layout gives (`ready` bit
// 0, `count` bits 1-7, `tag` bits 8-31 of one `unsigned`). Thread 2k sets f[k].ready while
// thread 2k + 1 sets f[k].count in the same barrier interval: two unsynchronised writes of
// one memory location, a data race (either may undo the other's update). The host oracle
// (`mapcheck oracle --block-dim 64`, ThreadSanitizer) reports it too: both fields lie in
// byte 0, which both read-modify-writes touch.
struct Flags {
    unsigned ready : 1;
    unsigned count : 7;
    unsigned tag : 24;
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
