//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The barrier in the right operand of && is reached only by threads t < 32: barrier divergence.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    if (threadIdx.x < 32 && (__syncthreads(), true))
        A[threadIdx.x] = 1;
}
