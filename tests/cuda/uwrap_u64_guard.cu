//pass
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The twin of uwrap_u64_guard_racy.cu with the value first reduced to 32 bits:
// (unsigned long long)(unsigned)x is at most 4294967295, so the guard never holds, no thread
// writes flag, and the kernel is race free for every x (host/uwrap_u64_guard.cpp).

__global__ void wide_guard_32(int *flag, int x)
{
    if ((unsigned long long)(unsigned)x > 4294967295ull)
        flag[0] = threadIdx.x;
}
