//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// *p++ from A + 3t, four times: A[3t .. 3t + 3] overlaps thread t + 1's A[3t + 3].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int *p = A + 3 * threadIdx.x;
    for (int k = 0; k < 4; k++)
        *p++ = k;
}
