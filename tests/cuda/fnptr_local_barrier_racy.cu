//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of fnptr_local_barrier.cu whose pointer holds a function without a barrier:
// thread t reads s[63 - t] while thread 63 - t writes it, nothing in between. Racy.

__device__ void no_barrier() { }

__global__ void reverse_via_pointer(int *out)
{
    __shared__ int s[64];
    void (*sync)() = no_barrier;
    s[threadIdx.x] = threadIdx.x;
    sync();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
