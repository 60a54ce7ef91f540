//xfail:data-race
//--blockDim=64 --gridDim=1
// k<unsigned char>: (T)(t * 8) wraps at 256 for 64 threads.
template <typename T> __global__ void k(int *A) { T i = threadIdx.x * 8; A[i] = threadIdx.x; }
template __global__ void k<unsigned char>(int *);
template __global__ void k<int>(int *);
