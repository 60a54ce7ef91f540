//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A do-while body runs once even though its condition is false at once: A[t / 2], so threads 2k
// and 2k + 1 collide.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int n = 0;
    do {
        A[threadIdx.x / 2] = threadIdx.x;
    } while (n++ < 0);
}
