//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Copying rows[(t + 1) % 32] reads its four ints while their owner writes v[3].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct R { int v[4]; };
__global__ void k(int *out)
{
    __shared__ R rows[32];
    rows[threadIdx.x].v[3] = threadIdx.x;
    R back = rows[(threadIdx.x + 1) % 32];
    out[threadIdx.x] = back.v[0];
}
