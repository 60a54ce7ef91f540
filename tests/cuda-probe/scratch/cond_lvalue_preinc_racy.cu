//xfail:data-race
//--blockDim=64 --gridDim=1
// ++i and --i are lvalues, so this ?: is an lvalue; still only one arm runs.
__global__ void k(int *A)
{
    int i = 2 * threadIdx.x;
    threadIdx.x % 2 ? ++i : --i;
    A[i + 1] = threadIdx.x;
}
