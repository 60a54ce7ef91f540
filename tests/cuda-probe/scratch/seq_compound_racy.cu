//xfail:data-race
//--blockDim=32 --gridDim=1
// C++17: in A[i] += i++ the right operand is sequenced first: the cell is A[2t + 1].
__global__ void k(int *A)
{
    int t = threadIdx.x;
    int i = 2 * t;
    A[i] += i++;
    if (t > 0)
        A[2 * t - 1] = -1;
}
