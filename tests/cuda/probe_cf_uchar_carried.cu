//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// An unsigned char counter 250 + 6 wraps to 0: A[t * 1]. (Loop-carried value; the g++ host
// truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned char c = 250;
    for (int i = 0; i < 6; i++) c += 1;
    A[threadIdx.x * (c + 1)] = threadIdx.x;
}
