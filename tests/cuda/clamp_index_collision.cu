//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Clamping an index into a 32-entry table with min(): threads 31..63 all clamp to entry 31 and
// write it in the same phase — a write-write race (the author meant to clamp reads, not
// writes).

__global__ void fill_table(const float *in, float *table_out)
{
    __shared__ float table[32];
    int t = threadIdx.x;
    table[min(t, 31)] = in[t];
    __syncthreads();
    if (t < 32)
        table_out[t] = table[t];
}
