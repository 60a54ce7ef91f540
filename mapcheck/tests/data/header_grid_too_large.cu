//pass
//--blockDim=32 --gridDim=4294967296
// Issue 16 item 3: a grid of 2^32 blocks, over CUDA's 2^31 - 1 in x.
__global__ void k(int *a) { a[threadIdx.x] = 0; }
