//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// scan_hillis_steele_double_buffer.cu without the barrier that ends each round: the buffer
// toggle `pout = 1 - pout` still alternates the halves, but in round 1 (offset 1, pout = 1)
// thread 0 writes temp[n + 0], and in round 2 (offset 2, pout = 0, pin = 1) thread 2 reads
// temp[pin * n + 2 - 2] = temp[n + 0], in the same barrier interval: threads 0 and 2 race.

#define n 128

__global__ void scan_gems_nosync(float *g_odata, const float *g_idata)
{
    __shared__ float temp[2 * n];
    int thid = threadIdx.x;
    int pout = 0, pin = 1;
    temp[pout * n + thid] = (thid > 0) ? g_idata[thid - 1] : 0;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (thid >= offset)
            temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
        else
            temp[pout * n + thid] = temp[pin * n + thid];
    }
    g_odata[thid] = temp[pout * n + thid];
}
