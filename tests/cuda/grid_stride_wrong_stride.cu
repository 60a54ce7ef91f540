//xfail:data-race
//--blockDim=128 --gridDim=32
// mapcheck: exact
// A grid-stride loop with the stride of one *block* instead of the whole grid. Thread t of
// block 0 visits t, t + 128, t + 256, ...; thread t of block 1 starts at 128 + t, the cell
// block 0's thread visits in its second iteration. Blocks are not ordered, so both update the
// same y[i]: a grid-level race whenever n > 128 + t.

__global__ void scale_wrong_stride(int n, float alpha, float *y)
{
    int stride = blockDim.x;          // BUG: should be blockDim.x * gridDim.x
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = alpha * y[i];
}
