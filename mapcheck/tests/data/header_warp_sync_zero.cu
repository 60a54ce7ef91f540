//pass
//--blockDim=32 --warp-sync=0
// Issue 16 item 2: warps of no lanes, which the command line refuses too.
__global__ void k(int *a) { a[threadIdx.x] = 0; }
