//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — the truth takes `transform` to touch no memory; mapcheck cannot see its body, and any function may declare `extern __shared__` memory, the block's dynamic shared memory, so two threads' calls may race there (issue 32)
// A body-less `extern __device__` function that receives only a value and whose result is
// stored at the thread's own index; the kernel has no file-scope `__device__` or `__shared__`
// memory the callee could reach, and the arrays are parameters it is not given: each thread
// writes its own out[gid]: race free.

extern __device__ float transform(float x);

__global__ void apply_extern_pure(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid] = transform(in[gid]);
}
