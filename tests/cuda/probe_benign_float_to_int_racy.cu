//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: possibly-racy — where the lowering makes float values `?` (main after 13fd51e), that the two stores differ is not proven
// Even threads store 1 (1.5f converted to int), odd threads store 1069547520 (the bits of
// 1.5f): different values.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    if (threadIdx.x % 2) A[0] = 1069547520; else A[0] = 1.5f;
}
