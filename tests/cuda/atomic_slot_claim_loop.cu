//pass
//--blockDim=128 --gridDim=8
// mapcheck: data-dependent
// Stream compaction in a grid-stride loop: each thread walks its elements and appends the
// positive ones to `out` at a slot claimed with atomicAdd(count, 1). Every update of *count
// adds 1, so the claims are distinct as long as the counter does not wrap (fewer than 2^32
// claims: `n` is an `int`, so at most 2^31 - 1 elements). Race free.

__global__ void compact(const int *in, int *out, unsigned *count, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int v = in[i];
        if (v > 0)
            out[atomicAdd(count, 1u)] = v;
    }
}
