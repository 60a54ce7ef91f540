//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Writes through a C++ reference parameter (issue 14). `store(s[t], v)` binds `x` to the cell
// s[t], so the assignment `x = v` is a write of s[t]: thread t writes only s[t]. The reads of
// the neighbour's cell s[(t + 1) % 64] come after the barrier: race free.

__device__ void store(float &x, float v) { x = v; }

__global__ void rotate_left(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    store(s[t], in[t]);
    __syncthreads();
    out[t] = s[(t + 1) % 64];
}
