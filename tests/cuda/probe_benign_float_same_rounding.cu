//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The literal 16777217.0f is the float 16777216.0f: both threads store the same value, a benign
// race.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(float *F)
{
    if (threadIdx.x % 2) F[0] = 16777216.0f; else F[0] = 16777217.0f;
}
