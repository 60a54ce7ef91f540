//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Issue 20: a constructor that writes to a __shared__ array through its pointer member: each thread
// stores into its own slot before the barrier, reads another's after it (host/ctor_shared_member.cpp).

struct Stage {
    int *tile;
    int slot;
    __device__ Stage(int *buf, int t) : tile(buf), slot(t) { tile[slot] = t; }
};

__global__ void stage(int *out)
{
    __shared__ int buf[64];
    Stage s(buf, threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = buf[63 - threadIdx.x];
}
