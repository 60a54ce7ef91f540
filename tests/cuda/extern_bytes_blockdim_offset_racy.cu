//xfail:data-race
//--gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// No --blockDim: the block shape is symbolic; only the threads of the first row (y = z = 0)
// act, so B = blockDim.x is the number of threads that touch memory. The doubles start at
// &s[B - 2] (byte 4B - 8, 8-byte aligned when B is even), inside the B floats: d[0] is the bytes
// of s[B - 2] and s[B - 1]. With B = 4, thread 0 writes d[0] = bytes 8..16 while thread 2
// writes s[2] (bytes 8..12): a write-write race (for every even B >= 4).

__global__ void doubles_inside_floats(const float *in)
{
    extern __shared__ float s[];
    double *d = (double *)&s[blockDim.x - 2];
    int t = threadIdx.x;
    if (threadIdx.y != 0 || threadIdx.z != 0)
        return;
    s[t] = in[t];
    d[t] = 1.0;
}
