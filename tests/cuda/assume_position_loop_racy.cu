//xfail:data-race
//--gridDim=1
// mapcheck: exact
// The twin of assume_position_loop.cu whose assumption allows n = 0: iteration 1 then
// writes a[1 + blockDim.x] from every thread, with different values. Racy (n = 0, any block
// of two threads or more).

__global__ void assume_in_loop(int *a, int n)
{
    int tid = threadIdx.x;
    for (int i = 0; i < 2; i++) {
        a[i == 0 ? tid : tid * n + 1 + blockDim.x] = tid;
        __builtin_assume(n >= 0 && n < 1024);
    }
}
