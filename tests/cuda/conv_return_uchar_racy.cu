//xfail:data-race
//--blockDim=128 --gridDim=1
// mapcheck: exact
// An implicit conversion through a function's return type (issue 14): `byte_slot` returns
// `unsigned char`, so t * 4 is kept modulo 256. Threads t and t + 64 (t < 64) get the same
// slot (4t and 4t + 256 are equal modulo 256) and both write s[slot] before the barrier
// (threads 0 and 64 on s[0]): a write-write race. Host check: host/conv_return_uchar_racy.cpp.

__device__ unsigned char byte_slot(int t) { return t * 4; }

__global__ void spread_by_helper(const int *in, int *out)
{
    __shared__ int s[512];
    int slot = byte_slot(threadIdx.x);
    s[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[slot];
}
