//pass
// mapcheck: exact
// __mul24(blockIdx.x, blockDim.x) is the product of the operands' low 24 bits (issue 38 item
// 6): with the grid bounded by the precondition (gridDim.x <= 65535, so blockIdx.x < 2^16,
// and blockDim.x <= 1024), both operands fit and the product is the exact global offset:
// every thread writes its own out[i]. Race free.

__global__ void scale(float *out, const float *in)
{
    __requires(gridDim.x <= 65535);
    int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
    out[i] = 2.0f * in[i];
}
