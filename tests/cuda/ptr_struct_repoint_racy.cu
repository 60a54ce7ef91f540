//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// As ptr_struct_repoint, but after the barrier only `dst` is re-pointed, to `src`: then
// q.dst[t] = q.src[(t + 1) % 64] writes p.src[t] and reads p.src[(t + 1) % 64] in the same
// phase. Thread 1 writes p.src[1] while thread 0 reads it: a read-write race.

struct Pair {
    float *src;
    float *dst;
};

__global__ void pair_alias(Pair p)
{
    int t = threadIdx.x;
    Pair q = p;
    q.dst[t] = q.src[t];
    __syncthreads();
    q.dst = q.src;
    q.dst[t] = q.src[(t + 1) % 64];
}
