//xfail:data-race
//--blockDim=256 --gridDim=8
// mapcheck: exact
// The CUB-style templated block reduction of `template_block_sum.cu` with the barrier of the
// tree loop moved after the loop. No instantiation is made, so the kernel stands for every
// `T`, `BLOCK_THREADS` and `ITEMS_PER_THREAD`. With BLOCK_THREADS = 256 (the launch's block),
// round s = 128 has thread t < 128 write partial[t] and
// reads partial[t + 128]; in round s = 64, with no barrier between the rounds, thread 0 reads
// partial[64] while thread 64 may still be writing partial[64] in round s = 128: a race.

template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void block_sum_racy(const T *d_in, T *d_out)
{
    __shared__ T partial[BLOCK_THREADS];
    int tid = threadIdx.x;
    const T *block_in = d_in + blockIdx.x * BLOCK_THREADS * ITEMS_PER_THREAD;

    T thread_sum = 0;
    for (int item = 0; item < ITEMS_PER_THREAD; ++item)
        thread_sum += block_in[item * BLOCK_THREADS + tid];
    partial[tid] = thread_sum;
    __syncthreads();

    for (int s = BLOCK_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s)
            partial[tid] += partial[tid + s];
    }
    __syncthreads();
    if (tid == 0)
        d_out[blockIdx.x] = partial[0];
}
