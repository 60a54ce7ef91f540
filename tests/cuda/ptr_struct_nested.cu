//pass
//--blockDim=128 --gridDim=2
// mapcheck: exact
// Pointer fields of nested structs in a struct parameter (issue 20): `Job j` holds two
// `Plane`s, each with its own device pointer (distinct allocations, as for pointer parameters).
// Thread gid = blockIdx.x * 128 + threadIdx.x reads j.in.data[gid] and writes
// j.out.data[gid]: one cell of the output per thread, the input only read: race free.

struct Plane {
    float *data;
    int width;
};

struct Job {
    Plane in;
    Plane out;
};

__global__ void nested_copy(Job j)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    j.out.data[gid] = j.in.data[gid];
}
