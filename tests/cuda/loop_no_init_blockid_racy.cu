//xfail:data-race
//--blockDim=128 --gridDim=2 -DN=4096
// mapcheck: exact
// A grid-stride loop without an init clause (issue 20), its counter declared before the loop
// from threadIdx.x only (the block offset is forgotten): threads t of blocks 0 and 1 both write
// out[t], storing their block ids 0 and 1: a write-write race between blocks that stores
// different values (loop_no_init_racy.cu stores the same value, a benign race). The g++ host
// truth runs the loop. Race-free twin loop_no_init.cu.

__global__ void grid_stride_no_init_bad(int *out)
{
    int i = threadIdx.x;
    for (; i < N; i += blockDim.x * gridDim.x)
        out[i] = blockIdx.x;
}
