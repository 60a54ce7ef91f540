//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// r[t / 4].v[t % 4] is one cell per thread; the reads follow the barrier.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct Row { int v[4]; };
__global__ void k(int *out)
{
    __shared__ Row r[8];
    unsigned t = threadIdx.x;
    r[t / 4].v[t % 4] = t;
    __syncthreads();
    out[t] = r[t / 4].v[(t + 1) % 4];
}
