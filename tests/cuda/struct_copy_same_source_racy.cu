//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of struct_copy_same_source.cu where thread t copies in[t] whole into out[0]: the
// threads store different elements into the same cells (threads 0 and 1 store in[0] and
// in[1], which differ in some initial memory), a write-write race on out[0] that is not
// benign.
__global__ void broadcast_own(const float2 *in, float2 *out)
{
    float2 v = in[threadIdx.x];
    out[0] = v;
}
