//xfail:data-race
//--blockDim=64 --gridDim=1
template <typename T, int N> struct Stride { static __device__ int get() { return N; } };
template <typename T> struct Stride<T, 4> { static __device__ int get() { return 0; } };
__global__ void k(int *A)
{
    A[threadIdx.x * Stride<float, 4>::get()] = threadIdx.x;
}
