//xfail:out-of-bounds
//--blockDim=16 --gridDim=1
// mapcheck: exact
// s[0][t] for t >= 8 runs into row 1: thread 8 writes s[1][0], which thread 0 writes as well.
// Issue 34 item 4: s[0][8] is out of bounds in dimension 1 of `int s[4][8]` (undefined
// behaviour), reported as such; among the accesses in bounds (s[0][t] and s[1][t] for t < 8,
// one thread each, reads after the barrier) there is no race. Until then this file expected
// the race through the flattened memory (`//xfail:data-race`).
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *out)
{
    __shared__ int s[4][8];
    unsigned t = threadIdx.x;
    s[0][t] = t;
    if (t < 8) s[1][t] = 100 + t;
    __syncthreads();
    out[t] = s[1][t % 8];
}
