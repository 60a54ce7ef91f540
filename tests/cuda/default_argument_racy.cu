//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The default argument is 2: `slot(t)` is t / 2, so threads 2k and 2k + 1 both write s[k]
// before the barrier (threads 0 and 1 on s[0]): a write-write race.

__device__ int slot(int t, int group = 2) { return t / group; }

__global__ void default_two(const float *in, float *out)
{
    __shared__ float s[64];
    s[slot(threadIdx.x)] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
