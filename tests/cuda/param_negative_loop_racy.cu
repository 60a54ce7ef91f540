//xfail:data-race
//--blockDim=32 --gridDim=1
// mapcheck: exact
// `for (int i = from; i < 0; ++i)` runs -from times when `from` is negative (a signed `int`
// parameter may be): with from = -1 every thread writes its id to acc[0] once — a write-write
// race between any two threads. Twin: param_negative_loop.cu.

__global__ void count_up(int *acc, int from)
{
    for (int i = from; i < 0; ++i) {
        acc[0] = threadIdx.x;
    }
}
