//xfail:data-race
//--blockDim=64 --gridDim=1
__global__ void k(float *A)
{
    __shared__ float s[64];
    s[threadIdx.x] = 0;
    float &c = s[(threadIdx.x + 1) % 64];
    c += 1.0f;
    __syncthreads();
    A[threadIdx.x] = s[threadIdx.x];
}
