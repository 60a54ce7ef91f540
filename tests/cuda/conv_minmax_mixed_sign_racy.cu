//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `min(t - 1, blockDim.x - 2)` mixes `int` and `unsigned`: CUDA's `min(int, unsigned)` compares
// as unsigned, so thread 0's -1 becomes 4294967295 and it gets 62 — the same cell as thread 63
// (min(62, 62)). Both write s[62] before the barrier: a write-write race. Compared as signed,
// thread 0 would get -1 and no two threads would collide. Host check:
// host/conv_minmax_mixed_sign_racy.cpp.

__global__ void rotate_min_clamped(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    int left = min(t - 1, blockDim.x - 2);
    s[left] = in[t];
    __syncthreads();
    out[t] = s[t];
}
