//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// f(i, i, t / 2): both reference parameters alias i, so i = 0 + t / 2; threads 2k and 2k + 1
// write A[k].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__device__ void f(int &a, int &b, int h) { a = 0; b += h; }
__global__ void k(int *A)
{
    int i = threadIdx.x;
    f(i, i, threadIdx.x / 2);
    A[i] = threadIdx.x;
}
