//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// dynamicReverse without the barrier: thread t reads s[n - t - 1] while thread n - t - 1 writes
// it in the same phase (n = 64, threads 0 and 63). A read-write race on dynamic shared memory.

__global__ void dynamicReverseNoSync(int *d, int n)
{
    extern __shared__ int s[];
    int t = threadIdx.x;
    int tr = n - t - 1;
    s[t] = d[t];
    d[t] = s[tr];
}
