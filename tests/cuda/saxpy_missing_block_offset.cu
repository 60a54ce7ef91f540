//xfail:data-race
//--blockDim=256 --gridDim=64
// mapcheck: exact
// SAXPY written by someone who tested with a single block: the index forgets the block
// offset, so thread t of *every* block updates y[t]. Two blocks read-modify-write the same
// global cell with no ordering between blocks: an inter-block (grid-level) data race.

__global__ void saxpy_buggy(int n, float a, const float *x, float *y)
{
    int i = threadIdx.x;              // BUG: should be blockIdx.x * blockDim.x + threadIdx.x
    if (i < n)
        y[i] = a * x[i] + y[i];
}
