//xfail:data-race
//--blockDim=32 --warp-sync=32
// mapcheck: exact
// Under lockstep (`--warp-sync`) the statements of one warp are ordered, but not the two arms
// of a conditional its lanes diverge on: the warp runs one arm and then the other, in an order
// CUDA leaves unspecified. Lanes 0..15 write s[lane] in the then-arm while lanes 16..31 read
// s[lane - 16] in the else-arm: lane 16 reads s[0] as lane 0 writes it: racy.

__global__ void halves(int *out)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = 0;
    __syncwarp();
    if (lane < 16)
        s[lane] = lane + 1;
    else
        out[lane] = s[lane - 16];
}
