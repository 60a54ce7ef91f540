//pass
//--blockDim=[4,4,4] --gridDim=1
__global__ void k(int *A)
{
    unsigned id = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    A[id] = id;
}
