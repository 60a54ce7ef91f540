//pass
//--blockDim=256 --gridDim=8
// mapcheck: exact
// A templated block reduction in the CUB style: `template <typename T, int BLOCK_THREADS,
// int ITEMS_PER_THREAD>`. Each thread first sums ITEMS_PER_THREAD strided inputs in a
// register, then the block reduces the partials in shared memory with sequential addressing
// (barrier after every round). Race free for any values of the template parameters.

template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void block_sum(const T *d_in, T *d_out)
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
        __syncthreads();
    }
    if (tid == 0)
        d_out[blockIdx.x] = partial[0];
}
