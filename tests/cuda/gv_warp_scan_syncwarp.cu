//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The warp scan made safe for independent thread scheduling: each step reads its partner into
// a register, __syncwarp(), writes, __syncwarp(). The block is one warp, so __syncwarp()
// orders all its threads. In each step lane l reads s[l - d] in one interval and writes s[l]
// in the next: race free.

__global__ void warp_scan(int *data)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = data[lane];
    __syncwarp();
    for (int d = 1; d < 32; d *= 2) {
        int v = 0;
        if (lane >= d) v = s[lane - d];
        __syncwarp();
        if (lane >= d) s[lane] += v;
        __syncwarp();
    }
    data[lane] = s[lane];
}
