//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// The twin of param_short_range_racy.cu: no `short` is below -32768 (SHRT_MIN; `s` is promoted
// to `int` for the comparison, keeping its value), so the branch never runs; the other write is
// to each thread's own cell.

__global__ void narrow(int *out, short s)
{
    if (s < -32768) {
        out[0] = threadIdx.x;
    }
    out[1 + threadIdx.x] = s;
}
