//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Blelloch scan with the barrier of the up-sweep loop forgotten. At offset 1 thread 1 adds
// temp[2] into temp[3]; at offset 2 thread 0 (ai = 1, bi = 3) reads and writes temp[3] in the
// same phase, with nothing ordering it after thread 1: read-write and write-write races.

#define N 128

__global__ void prescan_racy(float *g_odata, const float *g_idata)
{
    __shared__ float temp[N];
    int thid = threadIdx.x;
    temp[2 * thid] = g_idata[2 * thid];
    temp[2 * thid + 1] = g_idata[2 * thid + 1];
    __syncthreads();

    for (int offset = 1; offset < N; offset *= 2) {
        int d = N / (2 * offset);
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        // missing __syncthreads();
    }
    __syncthreads();
    if (thid == 0)
        temp[N - 1] = 0;
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
