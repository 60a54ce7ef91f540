//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// p = s + 32; p[-1 - t] is s[31 - t]; the other stores go to s[32 + t]: one writer per cell.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *out)
{
    __shared__ int s[64];
    int *p = s + 32;
    p[-1 - (int)threadIdx.x] = threadIdx.x;    // s[31 - t]
    s[32 + threadIdx.x] = 5;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
