//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — a local array whose address is taken (`int *p = offs`) is not followed element by element: it stays thread-private memory read as `?`
// The table offs = {0, 0} is completed through a pointer to it: p[1] = 32 makes it {0, 32},
// so s[offs[t % 2] + t / 2] deinterleaves the block (even t write s[0..31], odd t s[32..63]):
// race free. The alias is what makes the lowering keep the table thread-private (sound: the
// write through p is not lost).

__global__ void table_escaped(const float *in, float *out)
{
    __shared__ float s[64];
    int offs[2] = {0, 0};
    int *p = offs;
    p[1] = 32;
    int t = threadIdx.x;
    s[offs[t % 2] + t / 2] = in[t];
    __syncthreads();
    out[t] = s[t];
}
