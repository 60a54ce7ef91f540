//xfail:data-race
//--blockDim=64 --gridDim=1 -DN=1024
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The annotated loop with the stride halved (i += blockDim.x / 2) and a weaker, still true,
// invariant: thread t writes out[t + 32k], so threads 0 and 32 both write out[32]: a
// write-write race. (The annotation neither causes nor hides it.)

// Each thread adds its id to the value it copies, so the two racing writes store different
// values (a plain copy would store in[i] twice: a benign race, not counted without --strict).
__global__ void stride_copy_annotated_half(const float *in, float *out)
{
    for (int i = threadIdx.x;
         __invariant(i >= (int)threadIdx.x),
         i < N;
         i += blockDim.x / 2) {
        out[i] = in[i] + threadIdx.x;
    }
}
