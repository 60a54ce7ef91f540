//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — the dynamic shared memory is viewed through the template type parameter `T` (`SharedMemory<T>()`) and through `int`: which cells overlap depends on sizeof(T), unknown in a template never instantiated, so the lowering refuses the kernel with a located error
// `SharedMemory<T>()` beside an `extern __shared__ int` view of the same memory. Thread t
// writes sdata[t] (bytes [t s, (t + 1) s) for s = sizeof(T)) and flags[t + 1] (bytes
// [4t + 4, 4t + 8)). Racy for every T: for s = 4 thread t + 1's element is thread t's flag;
// for s = 8, 2, 1 the flag of thread t (t = 2, 0, 0) lies in the element of thread (t + 1) / 2,
// 2t + 2, 4t + 4, another thread, with another value.

template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

template <class T>
__global__ void mixed(T *out)
{
    T *sdata = SharedMemory<T>();
    extern __shared__ int flags[];
    unsigned int t = threadIdx.x;
    sdata[t] = out[t];
    flags[t + 1] = t;
}
