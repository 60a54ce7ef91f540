//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// Inline PTX `bar.sync 0;` is the block barrier that __syncthreads() compiles to (issue 14):
// thread t writes s[t], all threads pass the barrier, then thread t reads s[127 - t]: race
// free.

__global__ void reverse_ptx_barrier(const float *in, float *out)
{
    __shared__ float s[128];
    s[threadIdx.x] = in[threadIdx.x];
    asm volatile("bar.sync 0;" ::: "memory");
    out[threadIdx.x] = s[127 - threadIdx.x];
}
