//xfail:data-race
//--blockDim=64 --gridDim=1
// 1u << t for t >= 32 is undefined in C++ (PTX shl.b32 gives 0, an x86 host gives 1 << (t % 32)).
__global__ void k(int *A)
{
    unsigned m = 1u << threadIdx.x;
    if (m == 1u)
        A[0] = threadIdx.x;
}
