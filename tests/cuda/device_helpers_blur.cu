//pass
//--blockDim=256 --gridDim=16
// mapcheck: exact
// 1-D box blur built from small __device__ helpers (a clamped index, a global thread id and
// a weighted tap), all inlined. Reads of `in` may overlap between threads — reads never race —
// and each thread writes only out[gid()]: race free.

__device__ __forceinline__ int gid() { return blockIdx.x * blockDim.x + threadIdx.x; }

__device__ int clamp_index(int i, int n) { return min(max(i, 0), n - 1); }

__device__ float tap(const float *in, int i, int n, float w) { return w * in[clamp_index(i, n)]; }

__global__ void box_blur(const float *in, float *out, int n)
{
    int i = gid();
    if (i >= n)
        return;
    float acc = tap(in, i - 2, n, 0.1f) + tap(in, i - 1, n, 0.2f) + tap(in, i, n, 0.4f) +
                tap(in, i + 1, n, 0.2f) + tap(in, i + 2, n, 0.1f);
    out[i] = acc;
}
