//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// syncwarp_warp_scan_two_warps.cu without the __syncwarp() after the writes: lane 1 writes
// s[1] (s[t] += v) in step d = 1, after that step's __syncwarp(); lane 3 reads s[3 - 2] = s[1]
// in step d = 2, before that step's __syncwarp(). No barrier lies between the two. Two lanes of
// one warp: a read-write race since Volta's independent thread scheduling.

__global__ void warp_scan_missing(int *data)
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
    }
    data[t] = s[t];
}
