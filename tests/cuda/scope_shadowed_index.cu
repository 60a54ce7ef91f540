//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Block scoping: the inner `int i` shadows the outer one only inside its braces; the store
// after the block uses the outer i = threadIdx.x. Each thread writes its own s[t]: race free.
// (Letting the inner i = 0 leak out of its block would make every thread write s[0].)

__global__ void shadowed(const float *in, float *out)
{
    __shared__ float s[64];
    int i = threadIdx.x;
    float acc = 0.0f;
    {
        int i = 0;
        acc += in[i];
    }
    s[i] = acc + in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
