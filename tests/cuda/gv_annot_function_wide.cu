//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `__function_wide_invariant`, `__read_implies`, `__global_invariant` and `__assert`: all true
// of this kernel, all ignorable soundly. Thread t writes s[t] and reads s[t ^ 1] only after the
// barrier: race free.

__global__ void swap_pairs_annotated(const float *in, float *out)
{
    __shared__ float s[64];
    __function_wide_invariant(__write_implies(s, __write_offset_bytes(s) / sizeof(float) == threadIdx.x));
    __function_wide_invariant(__read_implies(s, __read_offset_bytes(s) / sizeof(float) == (threadIdx.x ^ 1)));
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    __assert(threadIdx.x < 64);
    out[threadIdx.x] = s[threadIdx.x ^ 1];
}
