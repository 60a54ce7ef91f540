//pass
//--blockDim=32 --gridDim=1
// mapcheck: exact
// D derives from B: d[t].a (the base's field) and d[t].b are different cells, each thread's
// own.
// (Session 12 soundness probe of the clang front end: notes/probe-session12.md.)

struct B { int a; };
struct D : B { int b; };
__global__ void k(int *out)
{
    __shared__ D d[32];
    d[threadIdx.x].a = threadIdx.x;
    d[threadIdx.x].b = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = d[(threadIdx.x + 1) % 32].a + d[threadIdx.x].b;
}
