//pass
//--blockDim=32 --warp-sync=32
// mapcheck: exact
// The twin of warp_sync_divergent_arms_racy.cu whose writer and reader are two conditionals
// one after the other: the warp reconverges after the first, so under lockstep (`--warp-sync`)
// every write of s[lane] (lanes 0..15) comes before the read of s[lane - 16] (lanes 16..31):
// race free in lockstep.

__global__ void halves(int *out)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = 0;
    __syncwarp();
    if (lane < 16)
        s[lane] = lane + 1;
    if (lane >= 16)
        out[lane] = s[lane - 16];
}
