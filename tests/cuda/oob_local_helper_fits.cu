//pass
//--blockDim=[32] --gridDim=[1]
// mapcheck: exact
// oob_local_helper.cu with the index t / 4 (0..7): within `tab` and `buf`; each thread's
// arrays are its own, so the helpers' stores race with nothing; the stores to `out` are one
// per thread: race free.

__device__ int get(const int *q, int i) { return q[i]; }
__device__ void put(short *q, int i, short v) { q[i] = v; }

__global__ void local_helper(int *out)
{
    const int tab[8] = {3, 10, 17, 24, 31, 38, 45, 2};
    short buf[8] = {0};
    put(buf, threadIdx.x / 4, (short)threadIdx.x);
    out[threadIdx.x] = get(tab, threadIdx.x / 4) + buf[0];
}
