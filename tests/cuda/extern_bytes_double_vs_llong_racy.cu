//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// One 8-byte cell of dynamic shared memory viewed as a double and as a long long. Thread 0
// stores the double 1.0 (bytes 00 00 00 00 00 00 f0 3f, IEEE 754), thread 1 stores the long
// long 0x3f800000 (bytes 00 00 80 3f 00 00 00 00; the bits of the *float* 1.0f) into the same
// eight bytes in the same barrier interval: a write-write race, and not a benign one (the
// stored bytes differ; see host/extern_bytes_double_vs_llong_racy.cpp). Counting it benign
// would hide it (exit 0): the lowering once gave a double literal and that integer the same
// payload.

__global__ void double_and_llong(long long *out)
{
    extern __shared__ double d[];
    long long *l = (long long *)d;
    if (threadIdx.x == 0) {
        d[0] = 1.0;
    }
    if (threadIdx.x == 1) {
        l[0] = 0x3f800000LL;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = l[0];
    }
}
