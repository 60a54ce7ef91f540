//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// Only the threads with t % 3 == 0 reach the barrier in case 0: barrier divergence.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    switch (threadIdx.x % 3) {
    case 0: __syncthreads(); break;
    default: break;
    }
    A[threadIdx.x] = 1;
}
