//xfail:out-of-bounds
//--blockDim=32 --gridDim=1
// mapcheck: exact
// r[t / 4].v[4] (t % 4 == 3) runs past v into the next element's v[0], which thread t + 1
// writes too. (Memory is contiguous; the index leaves the member array.)
// Issue 34 item 4: the index 4 of `int v[4]` is out of bounds (undefined behaviour), reported
// as such; among the accesses in bounds (v[1..3] by threads with t % 4 < 3, v[0] by thread 4k,
// reads after the barrier) no two threads share a cell, so there is no race finding. Until
// then this file expected the race through the flattened memory (`//xfail:data-race`).
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
