//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — the racing writes store values the lowering does not compute (float arithmetic, conversions or byte pieces: `?`), so mapcheck cannot show that the two threads store different values; equal ones would make the race benign (SPEC §7), so the race stays potential
// No shadowing here: the block assigns the outer i (`i = i / 2;`, no declaration), so after it
// i = t / 2 and threads 2k and 2k + 1 both write s[k] before the barrier (threads 0 and 1 on
// s[0]): a write-write race. (Treating the assignment as block-local would hide it.)

__global__ void not_shadowed(const float *in, float *out)
{
    __shared__ float s[64];
    int i = threadIdx.x;
    float acc = 0.0f;
    {
        i = i / 2;
        acc += in[i];
    }
    s[i] = acc + in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
