//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The fixed pairing with the same __device__ swap helper: thread t exchanges s[2t] and
// s[2t + 1]. The pairs are disjoint, so the swaps of distinct threads touch distinct cells.

__device__ void swap_cells(int *a, int i, int j)
{
    int tmp = a[i];
    a[i] = a[j];
    a[j] = tmp;
}

__global__ void swap_pairs(int *g)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    s[2 * t] = g[2 * t];
    s[2 * t + 1] = g[2 * t + 1];
    __syncthreads();
    swap_cells(s, 2 * t, 2 * t + 1);
    __syncthreads();
    g[2 * t] = s[2 * t];
    g[2 * t + 1] = s[2 * t + 1];
}
