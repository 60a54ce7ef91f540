//xfail:data-race
//--blockDim=256 --gridDim=16
// mapcheck: exact
// The SharedMemory<T> reduction with the barrier inside the loop dropped: thread 0 reads
// sdata[64] in round s = 64 while thread 64 may still write it in round s = 128.

template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

template <class T>
__global__ void reduce2_nosync(const T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] = sdata[tid] + sdata[tid + s];
    }
    __syncthreads();
    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
