//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// p = s + 32; p[-1 - t] is s[31 - t], which thread 2(31 - t) also writes (5) through s[t / 2].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *out)
{
    __shared__ int s[64];
    int *p = s + 32;
    p[-1 - (int)threadIdx.x] = threadIdx.x;    // s[31 - t]
    s[threadIdx.x / 2] = 5;                    // s[t / 2]
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
