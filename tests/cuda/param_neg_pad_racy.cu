//xfail:data-race
//--blockDim=[32,8] --gridDim=1
// mapcheck: exact
// A padded row pitch from an `int` parameter (rows padded to dodge bank conflicts): thread
// (x, y) writes out[y * (32 + pad) + x]. For pad >= 0 the rows do not overlap, but `pad` is a
// signed `int` and may be negative: with pad = -1, thread (31, 0) and thread (0, 1) both
// write out[31]: a write-write race. Host check (the witness pad = -1):
// host/param_neg_pad_racy.cpp.

__global__ void padded_store(const float *in, float *out, int pad)
{
    out[threadIdx.y * (32 + pad) + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
}
