//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Warp-synchronous inclusive scan (the pre-Volta idiom of the CUDA samples' scan): one warp,
// a `volatile` shared array, no __syncwarp between the steps. In the step with offset 1,
// lane 2 reads s[1] while lane 1 writes s[1]: read-write race (volatile forces memory
// accesses but does not order the lanes).

__global__ void warp_scan(int *data)
{
    volatile __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = data[lane];
    if (lane >= 1) s[lane] += s[lane - 1];
    if (lane >= 2) s[lane] += s[lane - 2];
    if (lane >= 4) s[lane] += s[lane - 4];
    if (lane >= 8) s[lane] += s[lane - 8];
    if (lane >= 16) s[lane] += s[lane - 16];
    data[lane] = s[lane];
}
