//xfail:data-race
//--blockDim=64 --gridDim=1
// mapcheck: exact
// The racy twin of syncwarp_partner_two_warps.cu: thread t reads s[(t + 32) % 64], which
// thread (t + 32) % 64 of the *other* warp writes. __syncwarp() orders the threads of the
// calling warp only; threads of different warps are ordered by __syncthreads() alone, so the
// write of thread 32 and the read of thread 0 of s[32] are unordered: a read-write race.

__global__ void other_warp(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t;
    __syncwarp();
    out[t] = s[(t + 32) % 64];
}
