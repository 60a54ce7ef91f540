//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The vector/scalar views without the barrier: thread t writes vec[t] (scal[4t .. 4t + 3])
// while thread 1 reads scal[1 + 64] = scal[65], which is part of vec[16] written by thread 16:
// a read-write race. Merged cell for cell, vec[t] and scal[t + 64k] would never meet.

extern __shared__ float4 vec[];
extern __shared__ float scal[];

__global__ void vec_to_scalar_nosync(const float4 *in, float *out)
{
    int t = threadIdx.x;
    vec[t] = in[t];
    out[t] = scal[t] + scal[t + 64] + scal[t + 128] + scal[t + 192];
}
