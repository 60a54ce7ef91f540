//pass
//--blockDim=64 --gridDim=1
struct Acc {
    int *log; int n;
    __device__ Acc &operator+=(int k) { log[n] = k; n += k; return *this; }
};
__global__ void k(int *A)
{
    Acc a{A, (int)threadIdx.x};
    a += threadIdx.x;
}
