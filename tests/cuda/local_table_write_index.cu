//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A local table (issue 20) written at an index the lowering does not know, under a branch:
// offs starts {0, 64} and threads t >= 32 add 32 to offs[t % 2]. The cell of thread t is
// offs[t % 2] + t / 2: even t < 32 write s[0..15], even t >= 32 s[48..63], odd t < 32
// s[64..79], odd t >= 32 s[112..127] — one cell per thread, race free. After the barrier each
// thread reads its own s[t]. Host check: host/local_table_write_index.cpp.

__global__ void table_write_index(const float *in, float *out)
{
    __shared__ float s[128];
    int offs[2] = {0, 64};
    int t = threadIdx.x;
    int k = t % 2;
    if (t >= 32)
        offs[k] += 32;
    s[offs[k] + t / 2] = in[t];
    __syncthreads();
    out[t] = s[t];
}
