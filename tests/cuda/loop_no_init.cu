//pass
//--blockDim=128 --gridDim=2 -DN=4096
// mapcheck: exact
// A `for` without an init clause (issue 20): the counter is declared before the loop, at the
// thread's global index, and stepped by the grid's thread count (256). Thread g writes cells
// congruent to g modulo 256: race free.

__global__ void grid_stride_no_init(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (; i < N; i += blockDim.x * gridDim.x)
        out[i] = in[i] + 1.0f;
}
