//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — `i`, assigned in the `if (i < 0)` branch, is `?` after it
// The same copy with the shift clamped at zero (`max(shift, 0)`, both `int`): i = t + s with
// s >= 0 is never negative and distinct threads write distinct out[i], whatever the (possibly
// negative) parameter: race free. (A parameter near INT_MAX makes t + s overflow, undefined
// behaviour that GPUVerify and mapcheck do not count as a race.) Host check (shifts
// -100..100): host/param_neg_mirror.cpp.

__global__ void shift_reflect_clamped(const float *in, float *out, int shift)
{
    int i = (int)threadIdx.x + max(shift, 0);
    if (i < 0)
        i = -i;
    out[i] = in[threadIdx.x];
}
