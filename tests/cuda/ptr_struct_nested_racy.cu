//xfail:data-race
//--blockDim=128 --gridDim=2
// mapcheck: exact
// As ptr_struct_nested, but the output index is gid / 2: threads 0 and 1 of block 0 (gid 0
// and 1) both write j.out.data[0], storing j.in.data[0] and j.in.data[1], which nothing makes
// equal: a write-write race.

struct Plane {
    float *data;
    int width;
};

struct Job {
    Plane in;
    Plane out;
};

__global__ void nested_copy_halved(Job j)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    j.out.data[gid / 2] = j.in.data[gid];
}
