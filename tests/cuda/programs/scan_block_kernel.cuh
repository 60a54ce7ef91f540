// The kernel of `scan_block.cu`, in its own file as the CUDA samples keep kernels
// (`#include "scan_kernel.cu"`): a Hillis-Steele inclusive scan of one block in shared memory,
// double-buffered. In each round every thread reads the cells of the buffer `in` and writes
// its own cell of the buffer `out`; the barrier at the end of the round orders those writes
// before the next round's reads, which read the other buffer.
#ifndef SCAN_BLOCK_KERNEL_CUH
#define SCAN_BLOCK_KERNEL_CUH

#define SCAN_THREADS 256

__device__ int scan_read(const int *buf, int i)
{
    return buf[i];
}

__global__ void scanBlock(const int *g_in, int *g_out)
{
    __shared__ int temp[2 * SCAN_THREADS];
    int t = threadIdx.x;
    int pout = 0, pin = 1;
    temp[t] = g_in[blockIdx.x * SCAN_THREADS + t];
    __syncthreads();
    for (int offset = 1; offset < SCAN_THREADS; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        int v = scan_read(temp, pin * SCAN_THREADS + t);
        if (t >= offset)
            v += scan_read(temp, pin * SCAN_THREADS + t - offset);
        temp[pout * SCAN_THREADS + t] = v;
        __syncthreads();
    }
    g_out[blockIdx.x * SCAN_THREADS + t] = temp[pout * SCAN_THREADS + t];
}

#endif
