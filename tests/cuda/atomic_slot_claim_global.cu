//pass
//--blockDim=64 --gridDim=4
// mapcheck: data-dependent
// Slot claiming (issue 38 item 5): each thread with a positive element claims a slot of `out`
// with atomicAdd(count, 1) and stores its element there. The atomic updates of *count are
// serialised across the whole grid and each adds 1, so every update returns a different old
// value (256 updates at most: no wrap-around), and no two threads store to one slot. `count`
// is touched only atomically; `in` is only read. Race free.

__global__ void claim(const int *in, int *out, unsigned *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        unsigned slot = atomicAdd(count, 1u);
        out[slot] = in[i];
    }
}
