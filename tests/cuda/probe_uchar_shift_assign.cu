//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// x <<= 3 on an unsigned char keeps t < 32 whole (t << 3 < 256): A[t].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned char x = threadIdx.x;
    x <<= 3;
    A[x >> 3] = threadIdx.x;
}
