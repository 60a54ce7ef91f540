//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Pointer fields of a local copy of a struct parameter, re-pointed (issue 20): `Pair q = p`
// copies both pointers; q.dst[t] = q.src[t] writes p.dst[t] (distinct cells for distinct
// threads), then after the barrier the fields are swapped through a temporary, so
// q.dst[t] = q.src[(t + 1) % 64] writes p.src[t] and reads p.dst[(t + 1) % 64]. In that
// phase p.src is only written (each thread its own cell) and p.dst only read: race free.

struct Pair {
    float *src;
    float *dst;
};

__global__ void pair_swap(Pair p)
{
    int t = threadIdx.x;
    Pair q = p;
    q.dst[t] = q.src[t];
    __syncthreads();
    float *tmp = q.src;
    q.src = q.dst;
    q.dst = tmp;
    q.dst[t] = q.src[(t + 1) % 64];
}
