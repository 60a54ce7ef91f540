//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — a local array whose address is taken (`int *p = offs`) is not followed element by element: it stays thread-private memory read as `?`
// The table offs = {0, 32} is changed through a pointer to it: p[1] = 16 makes it {0, 16}, so
// odd thread 1 writes s[16 + 0] and even thread 32 writes s[32 / 2] = s[16] before the
// barrier: a write-write race. Were the write through p lost, the table would read {0, 32}
// and the kernel would look race free: this twin checks the alias is not ignored.

__global__ void table_escaped_racy(const float *in, float *out)
{
    __shared__ float s[64];
    int offs[2] = {0, 32};
    int *p = offs;
    p[1] = 16;
    int t = threadIdx.x;
    s[offs[t % 2] + t / 2] = in[t];
    __syncthreads();
    out[t] = s[t];
}
