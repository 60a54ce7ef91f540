//xfail:data-race
//--gridDim=1
// mapcheck: exact
// The twin of builtin_assume_param.cu whose assumption allows n == 1: then thread 1 writes
// a[1 * 1] = 1 and thread 0 writes a[0 * 2 + 1] = 2, the same cell with different values.

__global__ void builtin_assume_loose(int *a, int n)
{
    __builtin_assume(n >= 1);
    a[threadIdx.x * n] = 1;
    a[threadIdx.x * 2 + 1] = 2;
}
