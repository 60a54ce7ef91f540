//xfail:data-race
//--blockDim=32 --gridDim=1
enum E : unsigned char { Lo = 0 };
__global__ void k(int *A)
{
    E e = E(threadIdx.x * 16);
    A[e] = threadIdx.x;
}
