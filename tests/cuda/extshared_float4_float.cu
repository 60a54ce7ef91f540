//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Vector and scalar views of the same `extern __shared__` memory: thread t writes vec[t], a
// float4 that covers scal[4t .. 4t + 3]; after the barrier, thread t reads the four scalars
// scal[t], scal[t + 64], scal[t + 128], scal[t + 192] (a transpose of the layout): race free.

extern __shared__ float4 vec[];
extern __shared__ float scal[];

__global__ void vec_to_scalar(const float4 *in, float *out)
{
    int t = threadIdx.x;
    vec[t] = in[t];
    __syncthreads();
    out[t] = scal[t] + scal[t + 64] + scal[t + 128] + scal[t + 192];
}
