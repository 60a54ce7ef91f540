//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// GPU Gems 3, ch. 39, listing 39-2 with the bank-conflict padding of section 39.2.3: the
// Blelloch work-efficient exclusive scan of n = 2 * blockDim.x elements, every index `k`
// padded to k + (k >> LOG_NUM_BANKS). `offset` is carried across both sweeps: doubled after
// each up-sweep level, halved before each down-sweep level. At a level with d active threads
// and stride offset, thread t < d touches ai = offset (2t + 1) - 1 and bi = offset (2t + 2) - 1
// (then padded; padding k -> k + k / 32 is strictly increasing, so distinct indices stay
// distinct): the pairs {ai, bi} of distinct threads are disjoint. Each level begins with a
// barrier, thread 0 clears the (padded) last element between the sweeps: race free.
// Class: exact. `offset` is a multiplicative auxiliary induction variable of each loop
// (`offset = 64 / d` in the up-sweep, `128 / d` before the halving in the down-sweep, its
// value after the up-sweep known because the loop's bounds are constants).

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

#define N 128

__global__ void prescan(float *g_odata, float *g_idata, int n)
{
    __shared__ float temp[N + N / NUM_BANKS];
    int thid = threadIdx.x;
    int offset = 1;

    int ai = thid;
    int bi = thid + (N / 2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = g_idata[ai];
    temp[bi + bankOffsetB] = g_idata[bi];

    for (int d = N >> 1; d > 0; d >>= 1) {   // build sum in place up the tree
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (thid == 0) {
        temp[N - 1 + CONFLICT_FREE_OFFSET(N - 1)] = 0;
    }

    for (int d = 1; d < N; d *= 2) {   // traverse down tree & build scan
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();

    g_odata[ai] = temp[ai + bankOffsetA];
    g_odata[bi] = temp[bi + bankOffsetB];
}
