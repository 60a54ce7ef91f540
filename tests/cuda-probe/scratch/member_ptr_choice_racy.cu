//xfail:data-race
//--blockDim=32 --gridDim=1
// Both parities select S::a through the member pointer: threads 2k and 2k + 1 write s[k].a.
struct S { int a, b; };
__global__ void k(int *out)
{
    __shared__ S s[16];
    int S::*pm = (threadIdx.x % 2) ? &S::a : &S::a;
    s[threadIdx.x / 2].*pm = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 16].b;
}
