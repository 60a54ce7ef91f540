//xfail:data-race
//--blockDim=64 --gridDim=1
// operator+= of a value type with a side effect on global memory.
struct Acc {
    int *log; int n;
    __device__ Acc &operator+=(int k) { log[n / 2] = k; n += k; return *this; }
};
__global__ void k(int *A)
{
    Acc a{A, (int)threadIdx.x};
    a += threadIdx.x;
}
