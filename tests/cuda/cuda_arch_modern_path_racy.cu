//xfail:data-race
//--blockDim=64
// mapcheck: exact
// Device code chosen by the architecture: mapcheck analyses the sm_80 path (`__CUDA_ARCH__` is
// 800, README), where threads t and t + 1 (t even) both store into s[t / 2]: racy. The older
// path (one writer per slot) is race free; analysing clang's default sm_52 missed this race.

__global__ void by_arch(int *out)
{
    __shared__ int s[64];
#if __CUDA_ARCH__ >= 800 && __CUDACC_VER_MAJOR__ >= 11
    s[threadIdx.x / 2] = threadIdx.x;
#else
    s[threadIdx.x] = threadIdx.x;
#endif
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
