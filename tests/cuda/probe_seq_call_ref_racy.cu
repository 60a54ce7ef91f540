//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// Session 12 probe, unsound before its fix: the same sequencing rule with a helper that bumps its reference argument:
// bump(i) runs before A[i] is evaluated (C++17), so the store goes to A[2t + 1].

__device__ int bump(int &i)
{
    i += 1;
    return 7;
}

__global__ void bump_store(int *A)
{
    int t = threadIdx.x;
    int i = 2 * t;
    A[i] = bump(i);
    if (t > 0)
        A[2 * t - 1] = -1;
}
