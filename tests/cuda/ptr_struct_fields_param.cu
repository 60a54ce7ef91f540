//pass
//--blockDim=128 --gridDim=4
// mapcheck: exact
// Pointer fields of a struct passed by value (issue 20): `Buffers b` holds the device pointers
// `in` and `out` (distinct allocations, as for pointer parameters). Each thread writes its own
// b.out[gid]: race free.

struct Buffers {
    const float *in;
    float *out;
    float scale;
};

__global__ void scale_struct(Buffers b)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    b.out[gid] = b.scale * b.in[gid];
}
