//xfail:data-race
//--blockDim=512 --gridDim=1
// mapcheck: exact
// Unsigned `<<` wraps at 2^32: a sort key packs the thread index into the top byte,
// key = (t << 24) | blockIdx.x, and the bucket is key >> 24. For t >= 256, t << 24 loses bit 8
// of t, so threads t and t + 256 get the same bucket and both write bucket_of[key >> 24] in
// the same interval (threads 0 and 256 on bucket_of[0]): a write-write race. Host check:
// host/uwrap_shl_pack_racy.cpp.

__global__ void pack_keys(int *bucket_of)
{
    __shared__ int owner[512];
    unsigned key = (threadIdx.x << 24) | blockIdx.x;
    owner[key >> 24] = threadIdx.x;
    __syncthreads();
    bucket_of[threadIdx.x] = owner[threadIdx.x];
}
