//xfail:out-of-bounds
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// Session 22 (generator, offsets 311 369 407 509 551 of 0x637564610100): a thread's own
// `const int tab[8]` passed to a helper taking `const int *`, which reads q[i] with i = t / 2
// (0..15), and a helper storing through `short *` into the thread's own `short buf[8]` at
// t / 2: threads 16..31 leave both arrays (AddressSanitizer: a stack-buffer-overflow). The
// stores to `out` are one per thread. The twin in bounds is oob_local_helper_fits.cu.

__device__ int get(const int *q, int i) { return q[i]; }
__device__ void put(short *q, int i, short v) { q[i] = v; }

__global__ void local_helper(int *out)
{
    const int tab[8] = {3, 10, 17, 24, 31, 38, 45, 2};
    short buf[8] = {0};
    put(buf, threadIdx.x / 2, (short)threadIdx.x);
    out[threadIdx.x] = get(tab, threadIdx.x / 2) + buf[0];
}
