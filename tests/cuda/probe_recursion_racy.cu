//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — recursion is refused (calls nested too deeply)
// depth(t + 1) is floor(log2(t + 1)): threads 1 and 2 both write A[1].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ int depth(int n) { return n <= 1 ? 0 : 1 + depth(n / 2); }
__global__ void k(int *A)
{
    A[depth(threadIdx.x + 1)] = threadIdx.x;
}
