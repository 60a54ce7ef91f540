//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The race-free twin of user_named_half_racy.cu: only even threads write s[half(t)], each its
// own cell, before the barrier; the user's `half` and `half2` are theirs (no `cuda_fp16.h`).

constexpr int half(int t) { return t / 2; }

struct half2 {
    int a, b;
};

__global__ void k(int *out)
{
    __shared__ int s[32];
    half2 h = {(int)threadIdx.x, 1};
    if (h.a % 2 == 0)
        s[half(h.a)] = h.a;
    __syncthreads();
    out[threadIdx.x] = s[half(h.a)] + h.b;
}
