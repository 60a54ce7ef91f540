//xfail:data-race
//--blockDim=64 --gridDim=1 -DN=1024
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The hand-unrolled loop whose second step is one element short (i += blockDim.x - 1):
// thread 0 writes out[0] and out[64], steps by 63 and writes out[127] in its second
// iteration; thread 63 writes out[63] and out[127] in its first. Both write out[127]: a
// write-write race. Host check: host/loop_two_steps_racy.cpp.

// Each thread adds its id to the value it copies, so the two racing writes store different
// values (a plain copy would store in[i] twice: a benign race, not counted without --strict).
__global__ void copy_unrolled_short(const float *in, float *out)
{
    for (int i = threadIdx.x; i + (int)blockDim.x < N;) {
        out[i] = in[i] + threadIdx.x;
        i += blockDim.x;
        out[i] = in[i] + threadIdx.x;
        i += blockDim.x - 1;
    }
}
