//pass
//--blockDim=[32,8] --gridDim=1
// mapcheck: exact
// The padded pitch with the parameter clamped to 0..32 (`min(max(pad, 0), 32)`, all `int`):
// the pitch 32 + p is at least 32 = blockDim.x, so thread (x, y) writes its own cell
// y * (32 + p) + x: race free for every value of the parameter. Host check (pads -100..100,
// which cover every clamped value): host/param_neg_pad.cpp.

__global__ void padded_store_clamped(const float *in, float *out, int pad)
{
    int p = min(max(pad, 0), 32);
    out[threadIdx.y * (32 + p) + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
}
