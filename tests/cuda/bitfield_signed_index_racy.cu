//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Twin of bitfield_signed_index.cu with `d` an `unsigned : 3`: 7 stays 7, so thread t writes
// s[t + 8] while thread t + 8 reads s[t + 8] in the same barrier interval: a data race
// (threads 0 and 8). Read as signed, the field would give -1 and no race: the sign decides.
// The host oracle (`mapcheck oracle --block-dim 64`) reports the race.
struct Step {
    unsigned d : 3;
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
