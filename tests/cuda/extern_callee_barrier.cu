//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — `block_sync` has no body mapcheck can see: it may synchronise the block (as it does when linked with the definition in the comment below) or not, so the race across the call stays potential
// A kernel calling a body-less `extern __device__` function which, in the program this file is
// linked into, is `__device__ void block_sync() { __syncthreads(); }` (separate compilation,
// `-rdc=true`): the writes of s[t] and the reads of s[63 - t] are in different phases. Race
// free. (mapcheck once assumed such a callee synchronises nothing and reported the race as
// confirmed.)

extern __device__ void block_sync();

__global__ void reverse_across_extern(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    block_sync();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
