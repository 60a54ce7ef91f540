//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Two `extern __shared__` arrays in one kernel: in CUDA they start at the same address (the
// dynamic shared memory block), so `keys` and `vals` alias. Thread t writes keys[t] and
// vals[63 - t]; thread 63 - t writes keys[63 - t] — the same cell as vals[63 - t]. A
// write-write race (the author meant two separate arrays).

__global__ void pack_pairs(const int *k, const int *v, int *out)
{
    extern __shared__ int keys[];
    extern __shared__ int vals[];
    int t = threadIdx.x;
    keys[t] = k[t];
    vals[blockDim.x - 1 - t] = v[t];
    __syncthreads();
    out[t] = keys[t] + vals[t];
}
