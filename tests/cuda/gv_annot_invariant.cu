//pass
//--blockDim=64 --gridDim=1 -DN=1024
// mapcheck: exact
// GPUVerify's loop invariants (issue 14), written where GPUVerify reads them, in the loop
// condition: `__invariant(i % blockDim.x == threadIdx.x)` and a `__write_implies` saying every
// write to `out` is at an offset congruent to the thread. Both are true and ignoring them is
// sound. The loop is block-stride: thread t writes out[t + 64k] only: race free.

__global__ void stride_copy_annotated(const float *in, float *out)
{
    for (int i = threadIdx.x;
         __invariant(i % blockDim.x == threadIdx.x),
         __invariant(__write_implies(out, __write_offset_bytes(out) / sizeof(float) % blockDim.x == threadIdx.x)),
         i < N;
         i += blockDim.x) {
        out[i] = in[i];
    }
}
