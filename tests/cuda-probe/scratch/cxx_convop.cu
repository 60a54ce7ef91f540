//pass
//--blockDim=64 --gridDim=1
struct C {
    int *a; int v;
    __device__ operator int() const { a[v] = v; return 64; }
};
__global__ void k(int *A)
{
    C c{A, (int)threadIdx.x};
    int z = c;
    A[z + threadIdx.x] = 0;
}
