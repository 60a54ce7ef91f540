//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// D is {a, b} with the base first: raw[t] covers d[0..15]; thread 0 also writes d[5].b =
// raw[11], which thread 11 writes.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct B { int a; };
struct D : B { int b; };
__global__ void k(int *out)
{
    __shared__ D d[16];
    int *raw = &d[0].a;
    raw[threadIdx.x] = threadIdx.x;
    if (threadIdx.x == 0) d[5].b = 99;
    __syncthreads();
    out[threadIdx.x] = d[threadIdx.x % 16].b;
}
