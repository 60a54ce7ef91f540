//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// A comparison between `int` and `unsigned` (the usual arithmetic conversions): `j <
// blockDim.x / 2` converts j to unsigned, so for threads 0..31 (j = t - 32 < 0) j becomes a
// huge value, the test is false and they take the `else` branch: all 32 of them write s[0]
// (threads 0 and 1 on s[0], storing 0 and 1): a write-write race of different values, so not a
// benign one. Compared as signed, every thread would take
// the first branch and write its own s[t]. Host check: host/conv_signed_compare_racy.cpp.

__global__ void shift_guard(const float *in, float *out)
{
    __shared__ float s[64];
    int j = (int)threadIdx.x - 32;
    if (j < blockDim.x / 2)
        s[j + 32] = in[threadIdx.x];
    else
        s[0] = (float)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
