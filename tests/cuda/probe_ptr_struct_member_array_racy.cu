//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// r[t / 4].v[4] (t % 4 == 3) runs past v into the next element's v[0], which thread t + 1
// writes too. (Memory is contiguous; the index leaves the member array.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct Row { int v[4]; };
__global__ void k(int *out)
{
    __shared__ Row r[8];
    unsigned t = threadIdx.x;
    r[t / 4].v[t % 4 + 1] = t;      // runs into the next row's v[0] for t % 4 == 3
    if (t % 4 == 0) r[t / 4].v[0] = t;   // thread 4k writes r[k].v[0], as thread 4k - 1 does
    __syncthreads();
    out[t] = r[t / 4].v[t % 4];
}
