//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// 256 converted to unsigned char is 0: every thread stores 0, a benign race.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(unsigned char *C)
{
    if (threadIdx.x % 2) C[0] = 256; else C[0] = 0;
}
