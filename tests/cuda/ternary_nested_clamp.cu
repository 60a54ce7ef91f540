//pass
//--blockDim=128 --gridDim=4 -DN=500
// mapcheck: exact
// A nested clamp (issue 20), clamp(i, 0, N - 1) = min(max(i, 0), N - 1), on the store index of
// a guarded kernel: for gid < N the clamp is the identity, so each thread writes its own
// out[gid]: race free.

__device__ int clamp_i(int i, int lo, int hi) { return min(max(i, lo), hi); }

__global__ void clamped_store(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < N)
        out[clamp_i(gid, 0, N - 1)] = in[gid];
}
