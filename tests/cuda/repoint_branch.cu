//pass
//--blockDim=64 --gridDim=4
// mapcheck: exact
// A pointer re-pointed in a branch: odd blocks write `odd_out`, even blocks `even_out`, block b
// at row b / 2. Blocks 0 and 1 both use row 0 but of different arrays; blocks of the same
// parity use different rows: distinct threads write distinct cells: race free.

__global__ void deinterleave_blocks(const float *in, float *even_out, float *odd_out)
{
    float *dst = even_out;
    if (blockIdx.x % 2 == 1)
        dst = odd_out;
    int row = blockIdx.x / 2;
    dst[row * blockDim.x + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
