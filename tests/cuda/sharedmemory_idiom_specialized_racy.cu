//xfail:data-race
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The racy twin of sharedmemory_idiom_specialized.cu. The CUDA samples' `SharedMemory<T>` with its `double` specialization (a second `extern
// __shared__` array of another element type: all of a kernel's `extern __shared__` arrays are
// the same memory, viewed through `T` whichever definition is chosen). The template kernel is
// never instantiated, so it stands for every `T`. The barrier is missing: thread t writes sdata[t], and its
// barrier-less read of sdata[127 - t] races with thread 127 - t's write of it.

template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
    __device__ inline operator const T *() const
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

template <>
struct SharedMemory<double> {
    __device__ inline operator double *()
    {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }
    __device__ inline operator const double *() const
    {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }
};

template <class T>
__global__ void reverse_block(const T *in, T *out)
{
    T *sdata = SharedMemory<T>();
    unsigned int t = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + t;
    sdata[t] = in[i];

    out[i] = sdata[blockDim.x - 1 - t];
}
