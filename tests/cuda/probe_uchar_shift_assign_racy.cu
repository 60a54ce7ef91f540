//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// x <<= 4 on an unsigned char truncates to (t % 16) << 4: threads t and t + 16 write A[t % 16].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned char x = threadIdx.x;
    x <<= 4;
    A[x >> 4] = threadIdx.x;
}
