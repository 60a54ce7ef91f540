//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// continue in a for still runs the step: i = 0, 2 store into A[t] and A[t + 2], the cell of
// thread t + 2.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    for (int i = 0; i < 4; i++) {
        if (i % 2) continue;
        A[threadIdx.x + i] = threadIdx.x;
    }
}
