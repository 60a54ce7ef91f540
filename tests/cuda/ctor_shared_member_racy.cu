//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Racy twin of ctor_shared_member: the slot is t % 32, so threads t and t + 32 store their different
// ids into buf[t % 32] before the barrier (host/ctor_shared_member_racy.cpp).

struct Stage {
    int *tile;
    int slot;
    __device__ Stage(int *buf, int t) : tile(buf), slot(t % 32) { tile[slot] = t; }
};

__global__ void stage(int *out)
{
    __shared__ int buf[64];
    Stage s(buf, threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = buf[63 - threadIdx.x];
}
