//xfail:barrier-divergence
//--blockDim=64 --gridDim=1
// mapcheck: exact
// continue skips the barrier of iteration 1 for threads t < 5: barrier divergence.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    __shared__ int s[64];
    for (int i = 0; i < 4; i++) {
        if (i == 1 && threadIdx.x < 5) continue;
        s[threadIdx.x] = i;
        __syncthreads();
    }
    A[threadIdx.x] = s[threadIdx.x];
}
