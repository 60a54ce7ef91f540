//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// `r = b` stores b = t / 2 into a (r aliases a); read as a rebinding, a would stay t. Threads
// 2k and 2k + 1 write A[k].
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

__global__ void k(int *A)
{
    int a = threadIdx.x, b = threadIdx.x / 2;
    int &r = a;
    r = b;
    b = threadIdx.x;
    A[a] = threadIdx.x;
}
