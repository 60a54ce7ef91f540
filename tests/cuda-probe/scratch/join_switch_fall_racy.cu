//xfail:data-race
//--blockDim=64 --gridDim=1
// t % 4 == 0 falls through: x = t + 2, so threads 4k and 4k + 2 both write A[4k + 2].
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int x = t;
    switch (t % 4) {
    case 0: x += 1;
    case 1: x += 1; break;
    default: break;
    }
    A[x] = t;
}
