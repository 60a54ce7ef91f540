//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// gv_warp_scan_syncwarp.cu in a block of two warps: each warp scans its own 32 cells. In each
// step lane l reads s[base + l - d] (its own warp's cells, l >= d) into a register,
// __syncwarp(), writes s[base + l], __syncwarp(). Within a warp the reads of a step and its
// writes are separated by a __syncwarp(), and the writes and the next step's reads by the
// other; the two warps never touch each other's cells. Race free.

__global__ void warp_scan(int *data)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    int lane = t % 32;
    s[t] = data[t];
    __syncwarp();
    for (int d = 1; d < 32; d *= 2) {
        int v = 0;
        if (lane >= d) v = s[t - d];
        __syncwarp();
        if (lane >= d) s[t] += v;
        __syncwarp();
    }
    data[t] = s[t];
}
