//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A signed `int` parameter can be negative (issue 14). The shifted copy mirrors negative
// positions back into range: with shift = -2, thread 0 (i = -2) writes out[2], as does
// thread 4 (i = 2): a write-write race. For shift >= 0 the branch is never taken and the
// cells t + shift are distinct, so a tool that takes `int` parameters to be naturals misses
// it. Host check (the witness shift = -2): host/param_neg_mirror_racy.cpp.

__global__ void shift_reflect(const float *in, float *out, int shift)
{
    int i = (int)threadIdx.x + shift;
    if (i < 0)
        i = -i;
    out[i] = in[threadIdx.x];
}
