//pass
//--blockDim=64 --gridDim=1
// RAII barrier: the destructor of b runs __syncthreads() at the end of the block, ordering the
// write of s[t] before the read of s[63 - t].
struct Bar { __device__ ~Bar() { __syncthreads(); } };
__global__ void k(int *A)
{
    __shared__ int s[64];
    {
        Bar b;
        s[threadIdx.x] = threadIdx.x;
    }
    A[threadIdx.x] = s[63 - threadIdx.x];
}
