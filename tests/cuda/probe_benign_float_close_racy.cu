//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// 1.0000001f is the float after 1.0f: different values.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(float *F)
{
    if (threadIdx.x % 2) F[0] = 1.0f; else F[0] = 1.0000001f;
}
