//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// Inline PTX that only computes a value: `mov.u32 %0, %%laneid;` reads the lane id into a
// register and touches no memory. The value is stored at the thread's own global index:
// race free, whatever the asm returns.

__global__ void lane_ids(unsigned *out)
{
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    out[blockIdx.x * blockDim.x + threadIdx.x] = lane;
}
