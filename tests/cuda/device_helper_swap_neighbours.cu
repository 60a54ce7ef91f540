//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// A __device__ swap helper used to exchange each element with its right neighbour in
// shared memory. Thread t swaps s[t] and s[t + 1] while thread t + 1 swaps s[t + 1] and
// s[t + 2]: both read and write s[t + 1] in the same phase — a race. (An odd-even pairing,
// 2t and 2t + 1, would be correct.)

__device__ void swap_cells(int *a, int i, int j)
{
    int tmp = a[i];
    a[i] = a[j];
    a[j] = tmp;
}

__global__ void shift_pairs(int *g)
{
    __shared__ int s[129];
    int t = threadIdx.x;
    s[t] = g[t];
    if (t == 0) s[128] = g[128];
    __syncthreads();
    swap_cells(s, t, t + 1);
    __syncthreads();
    g[t] = s[t];
}
