//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// A member function writing through the struct's pointer (issue 14): `Out::put(i, v)` stores
// data[i]. Each thread calls it with its global index: distinct cells: race free.

struct Out {
    float *data;
    __device__ void put(int i, float v) { data[i] = v; }
};

__global__ void member_store(const float *in, Out o)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    o.put(gid, in[gid]);
}
