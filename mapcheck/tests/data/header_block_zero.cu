//pass
//--blockDim=0 --gridDim=1
// Issue 16 item 3: a block of no threads, which the command line refuses too.
__global__ void k(int *a) { a[threadIdx.x] = 0; }
