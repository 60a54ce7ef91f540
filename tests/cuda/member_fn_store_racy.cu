//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The member function called with threadIdx.x: `o.put(t, v)` writes o.data[t] for thread t of
// both blocks: a write-write race between blocks, made through a member function's store.

struct Out {
    float *data;
    __device__ void put(int i, float v) { data[i] = v; }
};

__global__ void member_store_no_block(const float *in, Out o)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    o.put(threadIdx.x, in[gid]);
}
