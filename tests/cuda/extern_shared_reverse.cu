//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// dynamicReverse from "Using Shared Memory in CUDA C/C++" (NVIDIA blog): the shared array's
// size is given at launch (`extern __shared__`). Thread t copies d[t] to s[t], waits, and
// writes d[t] = s[n - t - 1]. The global cell d[t] is read and written by thread t only;
// shared writes precede the barrier, shared reads follow it: race free.

__global__ void dynamicReverse(int *d, int n)
{
    extern __shared__ int s[];
    int t = threadIdx.x;
    int tr = n - t - 1;
    s[t] = d[t];
    __syncthreads();
    d[t] = s[tr];
}

int main(void)
{
    const int n = 64;
    int *d_d;
    cudaMalloc(&d_d, n * sizeof(int));
    dynamicReverse<<<1, n, n * sizeof(int)>>>(d_d, n);
    cudaFree(d_d);
    return 0;
}
