//xfail:barrier-divergence
//--blockDim=128 --gridDim=1
// mapcheck: exact
// `bar.sync 0;` executed by threads 0..63 only: the PTX barrier waits for the whole block
// (no thread count operand), so reaching it in a thread-dependent branch is barrier
// divergence.

__global__ void reverse_ptx_barrier_divergent(const float *in, float *out)
{
    __shared__ float s[128];
    s[threadIdx.x] = in[threadIdx.x];
    if (threadIdx.x < 64)
        asm volatile("bar.sync 0;" ::: "memory");
    out[threadIdx.x] = s[threadIdx.x];
}
