//pass
//--blockDim=64 --gridDim=2
// mapcheck: exact
// A do-while grid-stride loop (issue 20 item 2): C runs `do B while (c)` as B, then
// `while (c) B`. Thread g = 64b + t writes v[g], v[g + 128], ... while the index is below 512
// (the first write happens before any test): the cells of thread g are congruent to g modulo
// 128, one thread per class: race free (host/loop_dowhile_counted.cpp runs the loop with g++:
// race-free).

__global__ void dowhile_stride(int *v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    do {
        v[i] = threadIdx.x;
        i += gridDim.x * blockDim.x;
    } while (i < 512);
}
