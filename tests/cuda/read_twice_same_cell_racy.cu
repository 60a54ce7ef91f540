//xfail:data-race
//--blockDim=16,16 --gridDim=1
// mapcheck: data-dependent
// The twin of read_twice_same_cell.cu with `||`: the guard `v == 0 || v != 0` always holds,
// so thread (k, y) writes reach[y * 16 + k] while thread (x, y), x != k, reads it. Racy.

__global__ void stage(int *reach, int k)
{
    __requires(k >= 0 && k < 16);
    int y = threadIdx.y, x = threadIdx.x;
    if (reach[y * 16 + k] == 0 || reach[y * 16 + k] != 0)
        reach[y * 16 + x] = 1;
}
