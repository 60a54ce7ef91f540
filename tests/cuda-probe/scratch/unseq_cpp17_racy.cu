//xfail:data-race
//--blockDim=32 --gridDim=1
// C++17: the right operand of = is sequenced before the left, so A[i] = i++ stores at
// A[2t + 1], the cell thread t + 1 writes with A[2(t+1) - 1].
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int i = 2 * t;
    A[i] = i++;
    if (t > 0)
        A[2 * t - 1] = -1;
}
