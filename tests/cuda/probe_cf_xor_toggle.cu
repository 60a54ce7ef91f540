//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Five toggles h ^= 1 leave h = 1: A[t]. (Loop-carried value; the g++ host truth runs the same
// loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int h = 0;
    for (int i = 0; i < 5; i++) h ^= 1;
    A[threadIdx.x * h] = threadIdx.x;
}
