//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Two warps of 32 lanes. Every thread writes s[t], calls __syncwarp(), then reads s[t ^ 1].
// t and t ^ 1 differ in bit 0 only, so the partner is in the same warp, and __syncwarp()
// guarantees memory ordering among the threads of the warp that take part in it (CUDA C++
// Programming Guide, "Warp Synchronization Functions"): each read follows the partner's write.
// No thread reads a cell of the other warp: race free.

__global__ void partner(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t;
    __syncwarp();
    out[t] = s[t ^ 1];
}
