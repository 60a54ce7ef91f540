//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — where the lowering makes float values `?` (main after 13fd51e), that the two stores differ is not proven
// 0.0f and -0.0f compare equal but are different values (bit patterns): not a benign race.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(float *F)
{
    if (threadIdx.x % 2) F[0] = -0.0f; else F[0] = 0.0f;
}
