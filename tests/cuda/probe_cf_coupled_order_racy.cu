//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// y += 1 then x += y: x = 1 + 2 + 3 + 4 = 10, so every thread writes A[0]. (Loop-carried value;
// the g++ host truth runs the same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int x = 0, y = 0;
    for (int i = 0; i < 4; i++) {
        y += 1;
        x += y;
    }
    A[threadIdx.x * (x - 10)] = threadIdx.x;
}
