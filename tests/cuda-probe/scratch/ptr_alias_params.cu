//pass
//--blockDim=64 --gridDim=1
// Races only if a == b; mapcheck assumes distinct pointer parameters do not alias (README).
__global__ void k(int *a, int *b)
{
    a[threadIdx.x] = 1;
    b[threadIdx.x + 1] = 2;
}
