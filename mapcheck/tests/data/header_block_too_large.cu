//pass
//--blockDim=2024 --gridDim=1
// Issue 16 item 3: a header geometry outside CUDA's limits (1024 threads per block); since
// issue 34 item 5, checked as given with a warning.
__global__ void k(int *a) { a[threadIdx.x] = 0; }
