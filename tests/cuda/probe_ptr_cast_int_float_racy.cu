//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// I = (int *)F views the same cells: odd thread t writes F[t - 1], which thread t - 1 writes
// through I.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(float *F)
{
    int *I = (int *)F;
    I[threadIdx.x] = threadIdx.x;
    if (threadIdx.x % 2) F[threadIdx.x - 1] = 1.0f;
}
