//xfail:data-race
//--blockDim=64 --gridDim=1
struct V {
    int *p;
    __device__ int &operator[](int i) { return p[i]; }
};
__global__ void k(int *A)
{
    V v{A};
    v[threadIdx.x / 2] = threadIdx.x;
}
