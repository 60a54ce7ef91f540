//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The same annotated pair swap without the barrier: thread 0 reads s[1] while thread 1 writes
// it: a read-write race (the annotations are true and neither cause nor hide it).

__global__ void swap_pairs_annotated_nosync(const float *in, float *out)
{
    __shared__ float s[64];
    __function_wide_invariant(__write_implies(s, __write_offset_bytes(s) / sizeof(float) == threadIdx.x));
    s[threadIdx.x] = in[threadIdx.x];
    __assert(threadIdx.x < 64);
    out[threadIdx.x] = s[threadIdx.x ^ 1];
}
