//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A local reference `float &acc = s[t]` names the cell s[t]; `acc = ...` and `acc *= 2` write
// it. Thread t writes only s[t]; after the barrier, thread t reads s[63 - t]: race free.

__global__ void double_reverse(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    float &acc = s[t];
    acc = in[t];
    acc *= 2.0f;
    __syncthreads();
    out[t] = s[63 - t];
}
