//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The race-free twin of member_kernel_static_racy.cu: only even threads write s[t / 2], each
// its own cell, and the barrier orders the writes before every read.

struct Ops {
    static __global__ void halve(int *out)
    {
        __shared__ int s[64];
        if (threadIdx.x % 2 == 0)
            s[threadIdx.x / 2] = threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = s[threadIdx.x / 2];
    }
};

int main()
{
    int *d;
    cudaMalloc(&d, 128 * sizeof(int));
    Ops::halve<<<1, 128>>>(d);
    return 0;
}
