//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The racy twin of asm_bar_sync_hex.cu: `membar.cta` is a fence, not a barrier, so thread t's
// read of s[t + 1] and thread t + 1's write of it are unordered: a read-write race.

__global__ void k(int *out)
{
    __shared__ int s[65];
    s[threadIdx.x] = threadIdx.x;
    asm volatile("membar.cta;" ::: "memory");
    out[threadIdx.x] = s[threadIdx.x + 1];
}
