//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of resolve_out_of_line_method_racy.cu: each thread puts into its own cell, and the
// method defined after the kernel has a barrier between its write and its read of the
// neighbour's cell. Race free only if the call runs the definition, barrier included.

struct Stage {
    int *buf;
    __device__ int swap(int v);
};

__global__ void out_of_line_barrier(int *a, int *out)
{
    __shared__ int s[64];
    Stage st{s};
    out[threadIdx.x] = st.swap(threadIdx.x);
}

__device__ int Stage::swap(int v)
{
    buf[threadIdx.x] = v;
    __syncthreads();
    return buf[63 - threadIdx.x];
}
