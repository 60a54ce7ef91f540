//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// *p++ from A + 4t, four times: A[4t .. 4t + 3], one cell per thread.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int *p = A + 4 * threadIdx.x;
    for (int k = 0; k < 4; k++)
        *p++ = k;
}
