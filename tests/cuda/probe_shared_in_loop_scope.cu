//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// A __shared__ array declared in a loop is one array; the second barrier orders iteration 0's
// reads before iteration 1's writes.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    for (int r = 0; r < 2; r++) {
        __shared__ int s[64];
        s[threadIdx.x] = r;
        __syncthreads();
        A[r * 64 + threadIdx.x] = s[63 - threadIdx.x];
        __syncthreads();
    }
}
