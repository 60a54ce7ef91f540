//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A union of a word and its bytes in shared memory (the AES kernels' staging buffer): its
// members are two views of the same four bytes. Thread t writes byte t % 4 of element t / 4
// through the byte view: four threads write one element, each its own byte, and distinct
// bytes are distinct memory locations (C++ [intro.memory]/3): no race. After the barrier
// thread t reads the whole word of element t % 16, which nobody writes any more: race-free.
// The host oracle (`mapcheck oracle --block-dim 64`) observes no race.
union Word {
    unsigned u;
    unsigned char b[4];
};

__global__ void k(unsigned *out)
{
    __shared__ Word s[16];
    unsigned t = threadIdx.x;
    s[t / 4].b[t % 4] = t;
    __syncthreads();
    out[t] = s[t % 16].u;
}
