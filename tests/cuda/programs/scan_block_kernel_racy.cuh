// The kernel of `scan_block_racy.cu`, in its own file as the CUDA samples keep kernels: the
// Hillis-Steele scan of `scan_block_kernel.cuh` done in place, in one buffer, with the barrier
// only at the end of each round. In a round, thread t (t >= offset) reads temp[t - offset]
// while thread t - offset writes temp[t - offset] in the same round: nothing orders the read
// before the write (a read-write race; for example threads 0 and 1 on temp[0] in the first
// round, offset 1).
#ifndef SCAN_BLOCK_KERNEL_RACY_CUH
#define SCAN_BLOCK_KERNEL_RACY_CUH

#define SCAN_THREADS 256

__device__ int scan_read(const int *buf, int i)
{
    return buf[i];
}

__global__ void scanBlockInPlace(const int *g_in, int *g_out)
{
    __shared__ int temp[SCAN_THREADS];
    int t = threadIdx.x;
    temp[t] = g_in[blockIdx.x * SCAN_THREADS + t];
    __syncthreads();
    for (int offset = 1; offset < SCAN_THREADS; offset *= 2) {
        int v = scan_read(temp, t);
        if (t >= offset)
            v += scan_read(temp, t - offset);
        temp[t] = v;
        __syncthreads();
    }
    g_out[blockIdx.x * SCAN_THREADS + t] = temp[t];
}

#endif
