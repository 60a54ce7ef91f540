//xfail:data-race
//--blockDim=64 --gridDim=1
// r aliases i: r /= 2 halves i, so threads 2k and 2k+1 both write A[k].
__global__ void k(int *A)
{
    int i = threadIdx.x;
    int &r = i;
    r /= 2;
    A[i] = threadIdx.x;
}
