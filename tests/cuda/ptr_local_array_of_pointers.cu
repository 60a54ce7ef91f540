//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Pointers kept in a local array (issue 14): bufs[0] = even, bufs[1] = odd. Thread t writes
// bufs[t % 2][t / 2]: even threads write even[0..31], odd threads odd[0..31], one cell each:
// race free.

__global__ void split_parity(const float *in, float *even, float *odd)
{
    float *bufs[2] = {even, odd};
    int t = threadIdx.x;
    bufs[t % 2][t / 2] = in[t];
}
