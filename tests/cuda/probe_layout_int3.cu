//pass
//--blockDim=16 --gridDim=1
// mapcheck: exact
// int3 is three ints: p[4] is v[1].y, which nobody else writes.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *out)
{
    __shared__ int3 v[16];
    int *p = &v[0].x;
    v[threadIdx.x].x = threadIdx.x;
    if (threadIdx.x == 0) p[4] = 99;
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x].x;
}
