//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: data-dependent
// A callee without a body may declare `extern __shared__` memory of its own, which is the
// block's dynamic shared memory, the kernel's `s` (issue 32). Compiled separately, `touch` is
//     __device__ void touch() { extern __shared__ int t[]; t[(threadIdx.x + 1) % 64] = 0; }
// so thread 0's write of t[1] = s[1] races with thread 1's write of s[1] and its read of it
// (no barrier between them). mapcheck sees no body: the call reads and writes an unknown cell
// of the dynamic shared memory, a potential race.

extern __device__ void touch();

__global__ void calls_touch(int *out)
{
    extern __shared__ int s[];
    s[threadIdx.x] = threadIdx.x;
    touch();
    out[threadIdx.x] = s[threadIdx.x];
}
