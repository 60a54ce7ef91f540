//xfail:data-race
//--blockDim=64 --gridDim=1
template <int S = 0> __global__ void k(int *A) { A[threadIdx.x * S] = threadIdx.x; }
void host(int *A) { k<><<<1, 64>>>(A); }
