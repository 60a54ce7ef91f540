//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same copy with the shift clamped to 0..1024 (`min(max(shift, 0), 1024)`, all `int`):
// i = t + s with 0 <= s <= 1024 is never negative and never overflows, and distinct threads
// write distinct out[i], whatever the (possibly negative) parameter: race free. (Clamped only
// at 0, a shift near INT_MAX would make t + s overflow and, wrapped, be mirrored onto another
// thread's cell.) Host check (shifts -100..1100, which cover every clamped value):
// host/param_neg_mirror.cpp.

__global__ void shift_reflect_clamped(const float *in, float *out, int shift)
{
    int i = (int)threadIdx.x + min(max(shift, 0), 1024);
    if (i < 0)
        i = -i;
    out[i] = in[threadIdx.x];
}
