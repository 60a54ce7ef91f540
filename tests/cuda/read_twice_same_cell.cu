//pass
//--blockDim=16,16 --gridDim=1
// mapcheck: data-dependent
// Read consistency (issue 38 item 4): the guard reads the cell (y, k) twice in one
// expression with no write between, so both reads see the same value and the guard
// `v == 0 && v != 0` is false: no thread writes, every thread only reads. Race free. With the
// two reads as independent unknowns, the writer looked reachable and its write to row y
// raced with the reads of (y, k).

__global__ void stage(int *reach, int k)
{
    __requires(k >= 0 && k < 16);
    int y = threadIdx.y, x = threadIdx.x;
    if (reach[y * 16 + k] == 0 && reach[y * 16 + k] != 0)
        reach[y * 16 + x] = 1;
}
