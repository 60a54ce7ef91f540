//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: data-dependent
// A body-less `extern __device__` function (defined in another translation unit, linked with
// -rdc): nothing in this file says what it does, and it may write the file-scope `__device__`
// counter that every thread also increments non-atomically here: threads 0 and 1 both
// read-modify-write `hits` — a race whatever the callee does. Data-dependent: what the callee
// reads and writes is unknown.

__device__ int hits;
extern __device__ float transform(float x);

__global__ void apply_extern(const float *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid] = transform(in[gid]);
    hits = hits + 1;
}
