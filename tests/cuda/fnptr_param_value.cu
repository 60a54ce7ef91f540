//pass
//--blockDim=128 --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — `op` points to a function mapcheck cannot see: it may access the block's dynamic shared memory (any `extern __shared__` array of the program), which the unknown call reads and writes at cells nobody can name
// A function pointer parameter (issue 14): `op` is some `__device__ float (float)` function;
// whatever it computes, it receives no pointer and the kernel's arrays are parameters it cannot
// reach, so it only makes a value. Each thread writes its own out[gid]: race free.

typedef float (*unary_op)(float);

__global__ void map_op(const float *in, float *out, unary_op op)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid] = op(in[gid]);
}
