//xfail:data-race
//--blockDim=32 --gridDim=1
// s[i] = f(i) where f modifies i through a reference: the right side runs first.
__device__ int bump(int &i) { i += 1; return 7; }
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int i = 2 * t;
    A[i] = bump(i);
    if (t > 0)
        A[2 * t - 1] = -1;
}
