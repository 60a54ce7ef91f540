//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: in union U { int w[2]; P p; } the member p.b is the same int as w[1].
// Thread 2k writes u[k].w[1] and thread 2k + 1 writes u[k].p.b: a write-write race. mapcheck
// places p after w (cells 2, 3) and answers `drf (exact)`.

struct P {
    int a, b;
};
union U {
    int w[2];
    P p;
};

__global__ void union_views(int *out)
{
    __shared__ U u[16];
    unsigned t = threadIdx.x;
    if (t % 2 == 0)
        u[t / 2].w[1] = t;
    else
        u[t / 2].p.b = t;
    __syncthreads();
    out[t] = u[t / 2].w[t % 2];
}
