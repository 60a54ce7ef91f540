//xfail:data-race
//--blockDim=64 --gridDim=1
// The user-defined conversion to int writes a[0] from every thread.
struct C {
    int *a; int v;
    __device__ operator int() const { a[0] = v; return 0; }
};
__global__ void k(int *A)
{
    C c{A, (int)threadIdx.x};
    int z = c;
    A[1 + threadIdx.x + z] = 0;
}
