//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// continue in a for still runs the step: i = 0, 2 store into A[2t] and A[2t + 1].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    for (int i = 0; i < 4; i++) {
        if (i % 2) continue;
        A[2 * threadIdx.x + i / 2] = threadIdx.x;
    }
}
