//pass
//--blockDim=128 --gridDim=1
// mapcheck: exact
// The same helper returning `unsigned short`: t * 4 <= 508 fits in 16 bits, so the slots 4t
// are distinct and each thread writes its own s[4t]; it reads it back after the barrier: race
// free. Host check: host/conv_return_uchar.cpp.

__device__ unsigned short byte_slot(int t) { return t * 4; }

__global__ void spread_by_helper16(const int *in, int *out)
{
    __shared__ int s[512];
    int slot = byte_slot(threadIdx.x);
    s[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[slot];
}
