//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// mapcheck: known-imprecision: error — pointers to members (`.*`) are refused
// pm points at S::b: threads 2k and 2k + 1 write s[k].b.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct S { int a, b; };
__global__ void k(int *out)
{
    __shared__ S s[16];
    int S::*pm = &S::b;
    s[threadIdx.x / 2].*pm = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 16].a;
}
