//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// The do-while grid-stride loop of loop_dowhile_counted.cu with a stride of one block
// (`i += blockDim.x`) while the grid has two: thread 0 of block 0 writes v[0], v[64], ...
// and thread 0 of block 1 starts at v[64], which block 0's thread 0 writes in its second
// iteration (the first, peeled one is not the only one): a write-write race between blocks,
// storing `blockIdx.x` 0 and 1 (host/loop_dowhile_counted_racy.cpp runs the loop with g++:
// racy).

__global__ void dowhile_stride_block(int *v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    do {
        v[i] = blockIdx.x;
        i += blockDim.x;
    } while (i < 512);
}
