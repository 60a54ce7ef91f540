//xfail:data-race
//--blockDim=64 --gridDim=1
// c = 255 - (t % 2): c++ gives 0 (wrap) for even t, 255 for odd t... then A[c + t / 2 * 0]
__global__ void k(int *A)
{
    unsigned char c = 255;
    c++;
    A[c + (threadIdx.x % 2)] = threadIdx.x;
}
