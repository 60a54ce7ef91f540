//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The step depends on the thread: even threads store A[8k .. 8k + 7], odd ones A[8k + 4 + {0,
// 2, 4, 6}].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    unsigned t = threadIdx.x;
    for (int i = 0; i < 8; i += t % 2 + 1)
        A[(t / 2) * 8 + (t % 2) * 4 + i] = t;
}
