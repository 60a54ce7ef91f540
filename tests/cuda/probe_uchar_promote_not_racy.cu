//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// ~c promotes the unsigned char to int first: ~c < 0 for every thread, all store into A[0] (in
// 8 bits it would be 255 - c >= 0).
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned char c = threadIdx.x;
    if (~c < 0)
        A[0] = threadIdx.x;
}
