//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Increments mixed up: with i = t, `s[i++] = a;` writes s[t] (the value before the
// increment, then i = t + 1) and `s[++i] = b;` writes s[t + 2] (incremented first). Thread t's
// second store hits thread t + 2's first cell (threads 0 and 2 on s[2]) in the same interval:
// a write-write race.

__global__ void pack_pairs_preinc(const float *a, const float *b, float *out)
{
    __shared__ float s[128];
    int i = threadIdx.x;
    s[i++] = a[threadIdx.x];
    s[++i] = b[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[127 - threadIdx.x];
}
