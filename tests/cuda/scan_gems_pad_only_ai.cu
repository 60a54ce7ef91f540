//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The bank-conflict-free Blelloch scan (GPU Gems 3, ch. 39) with a classic slip: the padding
// is applied to `ai` but forgotten for `bi`, so the two index spaces no longer agree. At the
// first up-sweep level (offset 1, d = 64 active threads) thread 48 reads
// temp[96 + (96 >> 5)] = temp[99] while thread 49 writes temp[bi] = temp[2 * 49 + 1] = temp[99],
// in the same barrier interval: a read-write race.

#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define N 128

__global__ void prescan_bad(float *g_odata, float *g_idata)
{
    __shared__ float temp[N + N / 32];
    int thid = threadIdx.x;

    temp[2 * thid] = g_idata[2 * thid];
    temp[2 * thid + 1] = g_idata[2 * thid + 1];

    for (int offset = 1; offset < N; offset *= 2) {
        __syncthreads();
        int d = N / (2 * offset);
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += CONFLICT_FREE_OFFSET(ai);
            temp[bi] += temp[ai];
        }
    }
    __syncthreads();

    g_odata[2 * thid] = temp[2 * thid];
    g_odata[2 * thid + 1] = temp[2 * thid + 1];
}
