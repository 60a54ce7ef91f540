//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// x += y with y += 1 after it: x = 0 + 1 + 2 + 3 = 6, so every thread writes A[0]. (Loop-
// carried value; the g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int x = 0, y = 0;
    for (int i = 0; i < 4; i++) {
        x += y;
        y += 1;
    }
    A[threadIdx.x * (x - 6)] = threadIdx.x;
}
