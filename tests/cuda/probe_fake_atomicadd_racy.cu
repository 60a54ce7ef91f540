//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A user overload atomicAdd(Cnt *, int) is a plain read-modify-write of C[0] by every thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct Cnt { int v; };
__device__ int atomicAdd(Cnt *p, int d) { int o = p->v; p->v = o + d; return o; }
__global__ void k(Cnt *C)
{
    atomicAdd(&C[0], 1);
}
