//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// i[A] is A[i] with i = t / 2: threads 2k and 2k + 1 collide.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int i = threadIdx.x / 2;
    i[A] = threadIdx.x;
}
