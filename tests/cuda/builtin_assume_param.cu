//pass
//--gridDim=1
// mapcheck: exact
// clang's `__builtin_assume` is an assumption like `__assume` (SPEC §8): from here n == 2, so
// thread t writes a[2t] and a[2t + 1], cells no other thread writes. Race free.

__global__ void builtin_assume_stride(int *a, int n)
{
    __builtin_assume(n == 2);
    a[threadIdx.x * n] = 1;
    a[threadIdx.x * 2 + 1] = 2;
}
