//xfail:data-race
//--blockDim=64 --gridDim=1
// The destructor runs at the end of the block: it writes A[t / 2], so threads 2k, 2k+1 race.
struct Guard {
    int *a; int i; int v;
    __device__ ~Guard() { a[i] = v; }
};
__global__ void k(int *A)
{
    {
        Guard g{A, (int)threadIdx.x / 2, (int)threadIdx.x};
    }
}
