//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// const_cast removes const: threads 2k and 2k + 1 write C[k].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(const int *C)
{
    const_cast<int *>(C)[threadIdx.x / 2] = threadIdx.x;
}
