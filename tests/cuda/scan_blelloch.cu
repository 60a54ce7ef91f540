//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Blelloch work-efficient exclusive scan of 2 * blockDim.x elements (GPU Gems 3, ch. 39,
// listing 39-2, without the bank-conflict padding). Up-sweep: at stride `offset`, the
// d = N / (2 offset) active threads each add temp[ai] into temp[bi] with
// ai = offset (2t + 1) - 1, bi = offset (2t + 2) - 1: the pairs of distinct threads are
// disjoint. Down-sweep: the same pairs, swapping and adding. Each level starts with a
// barrier, and thread 0 clears the root between the sweeps: race free.

#define N 128   /* elements per block = 2 * blockDim.x */

__global__ void prescan(float *g_odata, const float *g_idata)
{
    __shared__ float temp[N];
    int thid = threadIdx.x;

    temp[2 * thid] = g_idata[2 * thid];
    temp[2 * thid + 1] = g_idata[2 * thid + 1];

    // up-sweep (reduce) phase
    for (int offset = 1; offset < N; offset *= 2) {
        __syncthreads();
        int d = N / (2 * offset);
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
    }

    if (thid == 0)
        temp[N - 1] = 0;   // clear the last element

    // down-sweep phase
    for (int offset = N / 2; offset >= 1; offset /= 2) {
        __syncthreads();
        int d = N / (2 * offset);
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();

    g_odata[2 * thid] = temp[2 * thid];
    g_odata[2 * thid + 1] = temp[2 * thid + 1];
}
