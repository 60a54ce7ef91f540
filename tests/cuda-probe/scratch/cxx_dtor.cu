//pass
//--blockDim=64 --gridDim=1
struct Guard {
    int *a; int i; int v;
    __device__ ~Guard() { a[i] = v; }
};
__global__ void k(int *A)
{
    {
        Guard g{A, (int)threadIdx.x, (int)threadIdx.x};
    }
}
