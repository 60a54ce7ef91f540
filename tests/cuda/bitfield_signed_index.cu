//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A signed bit-field used in an index, where the sign matters. `d` is an `int : 3`: storing
// 7 keeps its three bits, 111, which read back as -1 (the value is implementation-defined in
// C++ [expr.ass]; clang and nvcc keep the low bits, two's complement, as C++20's
// [conv.integral] does for every integer), so thread t writes s[t + 1 + (-1)] = s[t]
// and then reads s[t]: its own cell, race-free. The brace-initialised `u` wraps alike.
// Racy twin: bitfield_signed_index_racy.cu (`unsigned : 3` keeps 7). The host oracle
// (`mapcheck oracle --block-dim 64`) observes no race.
struct Step {
    int d : 3;
};

__global__ void k(int *out)
{
    __shared__ int s[128];
    Step st;
    st.d = 7;
    Step u = {7};
    unsigned t = threadIdx.x;
    s[t + 1 + st.d] = t;
    out[t] = s[t] + u.d;
}
