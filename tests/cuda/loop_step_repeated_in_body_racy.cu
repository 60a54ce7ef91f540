//xfail:data-race
//--blockDim=64 --gridDim=1 -DN=1024
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// The unrolled pair of `loop_step_repeated_in_body.cu` with the step in the body only half a
// block (`i += blockDim.x / 2`): thread 0 writes out[0], then out[32]; thread 32 writes
// out[32] first. Each adds its id to the value, so the two writes of out[32] differ: a
// write-write race in the first iteration.

__global__ void copy_pairs_racy(const float *in, float *out)
{
    for (int i = threadIdx.x; i + (int)blockDim.x < N; i += blockDim.x) {
        out[i] = in[i] + threadIdx.x;
        i += blockDim.x / 2;
        out[i] = in[i] + threadIdx.x;
    }
}
