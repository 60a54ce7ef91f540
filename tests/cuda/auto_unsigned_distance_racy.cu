//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same fold with `int d`: the difference is signed, the branch makes it |t - 32|, and
// threads 31 and 33 both write s[1] before the barrier: a write-write race. Host check:
// host/auto_unsigned_distance_racy.cpp.

__global__ void fold_halves_int(const float *in, float *out)
{
    __shared__ float s[64];
    int d = threadIdx.x - 32;
    if (d < 0)
        d = -d;
    s[d % 64] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
