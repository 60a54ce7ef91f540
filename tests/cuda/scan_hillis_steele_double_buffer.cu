//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// Hillis–Steele exclusive scan with double buffering (GPU Gems 3, ch. 39, listing 39-1):
// `pout`/`pin` flip between the two halves of temp[2n] every round. In each round every
// thread writes only temp[pout*n + t] and reads only temp[pin*n + ...] (pin = 1 - pout is the
// same for all threads: they all flip together), and a barrier ends the round: race free.
// Class: exact. `pout = 1 - pout` flips once per round: at the round with `offset = 2^j` it
// is `j % 2` (written `offset % 3 / 2`: 2^j is (-1)^j modulo 3), and `pin` follows from it.

#define n 128

__global__ void scan_gems(float *g_odata, const float *g_idata)
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
        __syncthreads();
    }
    g_odata[thid] = temp[pout * n + thid];
}
