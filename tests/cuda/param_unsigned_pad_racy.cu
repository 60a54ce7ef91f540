//xfail:data-race
//--blockDim=[32,8] --gridDim=1
// mapcheck: exact
// The padded pitch with an `unsigned` parameter: it cannot be negative, but it can exceed
// 2^31, and 32 + pad wraps at 2^32: with pad = 4294967264 (2^32 - 32) the pitch is 0 and
// threads (0, 0) and (0, 1) both write out[0]: a write-write race. Host check (the witness
// pad = 2^32 - 32): host/param_unsigned_pad_racy.cpp.

__global__ void padded_store_unsigned(const float *in, float *out, unsigned pad)
{
    out[threadIdx.y * (32 + pad) + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
}
