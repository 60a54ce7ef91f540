//pass
//--blockDim=[16] --gridDim=[1]
// mapcheck: exact
// oob_byte_view.cu with 16 threads: q[t] of the `int *` view covers bytes 4t..4t+3 of
// `__shared__ char c[64]`, all within it and disjoint; after the barrier each thread reads the
// word q[15 - t] written in the earlier phase: race free.

__global__ void byte_view(int *out)
{
    __shared__ char c[64];
    int *q = (int *)c;
    q[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = q[15 - threadIdx.x];
}
