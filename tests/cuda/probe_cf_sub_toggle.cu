//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// h = 3 - h three times from 0 leaves 3: A[t]. (Loop-carried value; the g++ host truth runs the
// same loop.)
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int h = 0;
    for (int i = 0; i < 3; i++) h = 3 - h;
    A[threadIdx.x * (h - 2)] = threadIdx.x;
}
