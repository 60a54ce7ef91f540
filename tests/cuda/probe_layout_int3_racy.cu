//xfail:data-race
//--blockDim=16 --gridDim=1
// mapcheck: exact
// int3 is three ints: p[3] is v[1].x, which thread 1 writes.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *out)
{
    __shared__ int3 v[16];
    int *p = &v[0].x;
    v[threadIdx.x].x = threadIdx.x;
    if (threadIdx.x == 0) p[3] = 99;
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x].x;
}
