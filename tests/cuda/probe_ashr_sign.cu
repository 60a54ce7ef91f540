//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// (int)(t << 31) >> 31 is an arithmetic shift: 0 or -1, never above 0; nothing is stored.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int v = (int)(threadIdx.x << 31) >> 31;
    if (v > 0)
        A[0] = threadIdx.x;
}
