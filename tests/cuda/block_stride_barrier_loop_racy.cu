//xfail:data-race
//--blockDim=[64]
// mapcheck: exact
// A loop whose counter starts at the thread's id and runs two trips in every thread
// (i = t, t + 1): the barriers line up by arrival, one per trip. In the second trip every
// thread writes s[0] before the trip's barrier, so threads 0 and 1 write s[0] in the same
// barrier interval (different values): a write-write race. Probe round 4, W9 (f33): the
// barriers were told apart by the value of `i`, which put thread 0's second trip (i = 1)
// and thread 1's (i = 2) in different phases, and the race was missed (`drf`).
__global__ void k(int *out)
{
    __shared__ int s[1];
    for (unsigned i = threadIdx.x; i < threadIdx.x + 2; ++i) {
        if (i == threadIdx.x + 1)
            s[0] = threadIdx.x;
        __syncthreads();
    }
    out[threadIdx.x] = s[0];
}
