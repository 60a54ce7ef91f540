//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The wrapping loop of loop_unsigned_wrap_down.cu (i = 7t, 7t - 16, ... >= 0 while 7t < 256)
// writing a[i] = t: thread 16 runs i = 112, 96, ..., 0 and thread 0 runs i = 0: both write
// a[0], with values 16 and 0, a write-write race. Read without the wrap (i past 2^32 - 16 as
// a larger integer, or the loop as counting up), thread 16 would write a[112] only
// (host/loop_unsigned_wrap_down_racy.cpp runs the loop with g++: racy).

__global__ void wrap_down_shared_cells(unsigned *a)
{
    for (unsigned i = 7 * threadIdx.x; i < 256u; i += 0xFFFFFFF0u)
        a[i] = threadIdx.x;
}
