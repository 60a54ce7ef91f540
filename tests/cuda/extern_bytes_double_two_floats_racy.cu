//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// A double view over a float buffer: d[k] is the 8 bytes of s[2k] and s[2k + 1]. Threads
// 0..31 write d[t] (bytes 8t..8t+8, i.e. bytes 0..256 = s[0..64]); threads 32..63 write s[t]
// (bytes 4t..4t+4, inside bytes 128..256). Thread 16 writes d[16] = bytes 128..136, the two
// floats s[32] and s[33] that threads 32 and 33 write: a write-write race.

__global__ void double_over_floats(float *out)
{
    extern __shared__ float s[];
    double *d = (double *)s;
    int t = threadIdx.x;
    if (t < 32)
        d[t] = 1.0;
    else
        s[t] = 2.0f;
}
