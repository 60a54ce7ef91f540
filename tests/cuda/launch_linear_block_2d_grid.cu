//pass
//
// mapcheck: exact
// One store per block at its linear block id b = blockIdx.y * gridDim.x + blockIdx.x over a 2-D
// grid: distinct blocks have distinct b as long as gridDim.x * gridDim.y fits the unsigned
// arithmetic, which the launch conventions assume (the grid's threads number at most 2^31):
// race free. (Assuming only gridDim.x * blockDim.x <= 2^31 let b wrap in a witness of
// gridDim = (2147483647, 3).)

__global__ void per_block(unsigned *out)
{
    if (threadIdx.x == 0)
        out[blockIdx.y * gridDim.x + blockIdx.x] = blockIdx.x;
}
