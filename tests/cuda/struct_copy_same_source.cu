//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Every thread copies the same `float2` element, in[0], whole into out[0]: the threads'
// writes race on both cells of out[0] but store the same values (in is only read, so every
// thread reads the same two floats), a benign race, which SPEC §7 does not count as a data
// race (as GPUVerify and Faial): race free. (The whole-element copy must carry the values
// read into the cells written for mapcheck to see that they are equal.)
__global__ void broadcast_first(const float2 *in, float2 *out)
{
    float2 v = in[0];
    out[0] = v;
}
