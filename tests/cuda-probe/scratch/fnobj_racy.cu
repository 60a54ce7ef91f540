//xfail:data-race
//--blockDim=64 --gridDim=1
struct Put { int *A; __device__ void operator()(int i, int v) const { A[i] = v; } };
__global__ void k(int *A)
{
    Put p{A};
    p(threadIdx.x / 2, threadIdx.x);
}
