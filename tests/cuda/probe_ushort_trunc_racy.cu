//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// (unsigned short)(t << 12) keeps only t % 16: threads t and t + 16 write A[t % 16].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned short k = threadIdx.x << 12;
    A[k >> 12] = threadIdx.x;
}
