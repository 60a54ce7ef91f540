//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// signed char c = t + 100 wraps for t >= 28, but c + 128 = (t + 228) mod 256 is still one cell
// per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    signed char c = threadIdx.x + 100;
    A[c + 128] = threadIdx.x;
}
