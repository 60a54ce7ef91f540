//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Only one arm of ?: runs: odd t gets i = 2t + 1, even t gets i = 2t - 1, so threads 1 and 2
// both write A[4].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i = 2 * threadIdx.x;
    threadIdx.x % 2 ? i++ : i--;
    A[i + 1] = threadIdx.x;
}
