//pass
//--blockDim=128 --gridDim=8
// mapcheck: exact
// The CUDA samples' `SharedMemory<T>` with its `double` specialization (a second `extern
// __shared__` array of another element type: all of a kernel's `extern __shared__` arrays are
// the same memory, viewed through `T` whichever definition is chosen). The template kernel is
// never instantiated, so it stands for every `T`: thread t writes sdata[t], then after the
// barrier reads sdata[127 - t] and writes its own output cell: race free.

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
    __syncthreads();
    out[i] = sdata[blockDim.x - 1 - t];
}
