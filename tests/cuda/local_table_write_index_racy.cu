//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// As local_table_write_index.cu, but threads t >= 32 add 48: even thread 32 writes
// s[48 + 16] = s[64] and odd thread 1 writes s[64 + 0] = s[64] before the barrier, a
// write-write race. Host check: host/local_table_write_index_racy.cpp.

__global__ void table_write_index_racy(const float *in, float *out)
{
    __shared__ float s[128];
    int offs[2] = {0, 64};
    int t = threadIdx.x;
    int k = t % 2;
    if (t >= 32)
        offs[k] += 48;
    s[offs[k] + t / 2] = in[t];
    __syncthreads();
    out[t] = s[t];
}
